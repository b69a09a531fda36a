CREATE TABLE "orphan_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"life_pay_type" integer NOT NULL,
	"provider" text NOT NULL,
	"out_trade_no" text NOT NULL,
	"order_no" text,
	"transaction_id" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"refund_no" text NOT NULL,
	"refund_remark" text,
	"refund_time" timestamp with time zone,
	"operator_remark" text,
	"creation_time" timestamp with time zone NOT NULL,
	"updated_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"life_pay_type" integer NOT NULL,
	"out_trade_no" text NOT NULL,
	"order_id" uuid NOT NULL,
	"order_no" text NOT NULL,
	"provider" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" text NOT NULL,
	"transaction_id" text,
	"creation_time" timestamp with time zone NOT NULL,
	"closed_time" timestamp with time zone,
	"paid_time" timestamp with time zone,
	CONSTRAINT "payment_attempts_life_pay_type_out_trade_no_pk" PRIMARY KEY("life_pay_type","out_trade_no")
);
--> statement-breakpoint
CREATE TABLE "reconciliation_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"date" text NOT NULL,
	"source" text NOT NULL,
	"item_key" text NOT NULL,
	"kind" text NOT NULL,
	"order_no" text,
	"out_trade_no" text,
	"transaction_id" text,
	"refund_no" text,
	"our_amount_fen" integer,
	"provider_amount_fen" integer,
	"explanation" jsonb NOT NULL,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"resolved_by" text,
	"resolved_time" timestamp with time zone,
	"resolution_remark" text,
	"creation_time" timestamp with time zone NOT NULL,
	"updated_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"date" text NOT NULL,
	"source" text NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"ours" jsonb,
	"theirs" jsonb,
	"error" text,
	"started_time" timestamp with time zone NOT NULL,
	"finished_time" timestamp with time zone,
	CONSTRAINT "reconciliation_runs_date_source_pk" PRIMARY KEY("date","source")
);
--> statement-breakpoint
ALTER TABLE "life_pay_orders" ADD COLUMN "out_trade_no" text;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD COLUMN "life_pay_type" integer;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD COLUMN "transaction_id" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_life_pay_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."life_pay_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orphan_payments_transaction_key" ON "orphan_payments" USING btree ("life_pay_type","transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orphan_payments_refund_no_key" ON "orphan_payments" USING btree ("refund_no");--> statement-breakpoint
CREATE INDEX "orphan_payments_status_idx" ON "orphan_payments" USING btree ("status","creation_time");--> statement-breakpoint
CREATE INDEX "orphan_payments_paid_at_idx" ON "orphan_payments" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "payment_attempts_order_idx" ON "payment_attempts" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_items_key" ON "reconciliation_items" USING btree ("date","source","item_key");--> statement-breakpoint
CREATE INDEX "reconciliation_items_open_idx" ON "reconciliation_items" USING btree ("status","date") WHERE "reconciliation_items"."status" = 'open';--> statement-breakpoint
CREATE INDEX "life_pay_orders_pay_time_idx" ON "life_pay_orders" USING btree ("pay_time");--> statement-breakpoint
CREATE INDEX "life_pay_orders_refund_time_idx" ON "life_pay_orders" USING btree ("refund_time");--> statement-breakpoint
-- Orders prepared before attempts were recorded: each one's payment at its pay type, under its order number.
INSERT INTO "payment_attempts" ("life_pay_type", "out_trade_no", "order_id", "order_no", "provider", "amount_fen", "status", "transaction_id", "creation_time", "closed_time", "paid_time")
SELECT "life_pay_type", "order_no", "id", "order_no", 'unknown', "pay_amount_fen",
  CASE WHEN "transaction_id" IS NOT NULL THEN 'paid' WHEN "pay_status" = 10 AND "life_pay_order_status" = 20 THEN 'closed' ELSE 'open' END,
  "transaction_id", "creation_time",
  CASE WHEN "transaction_id" IS NULL AND "pay_status" = 10 AND "life_pay_order_status" = 20 THEN "updated_time" END,
  "pay_time"
FROM "life_pay_orders" WHERE "life_pay_type" IS NOT NULL;--> statement-breakpoint
UPDATE "life_pay_orders" SET "out_trade_no" = "order_no" WHERE "transaction_id" IS NOT NULL;
