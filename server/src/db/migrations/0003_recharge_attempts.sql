CREATE TABLE "recharge_attempts" (
	"order_id" uuid NOT NULL,
	"attempt_no" integer NOT NULL,
	"outcome" text NOT NULL,
	"supplier_order_no" text,
	"reason" text,
	"start_time" timestamp with time zone NOT NULL,
	"finish_time" timestamp with time zone,
	CONSTRAINT "recharge_attempts_order_id_attempt_no_pk" PRIMARY KEY("order_id","attempt_no")
);
--> statement-breakpoint
ALTER TABLE "recharge_attempts" ADD CONSTRAINT "recharge_attempts_order_id_life_pay_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."life_pay_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Orders from before this table: what the order row knows of its supplier becomes its first attempt, so a recharge
-- the supplier holds is seen as in flight and blocks a refund approval as a new one would.
INSERT INTO "recharge_attempts" ("order_id", "attempt_no", "outcome", "supplier_order_no", "reason", "start_time", "finish_time")
SELECT "id", 1,
  CASE WHEN "supplier_result" = 'success' THEN 'succeeded' WHEN "supplier_result" IS NOT NULL THEN 'failed' ELSE 'accepted' END,
  "supplier_order_no",
  CASE WHEN "supplier_result" LIKE 'failed: %' THEN substr("supplier_result", 9) END,
  coalesce("pay_time", "updated_time"),
  CASE WHEN "supplier_result" IS NOT NULL THEN coalesce("finish_time", "updated_time") END
FROM "life_pay_orders"
WHERE "supplier_order_no" IS NOT NULL OR "supplier_result" IS NOT NULL;
