CREATE TABLE "provider_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"route" text NOT NULL,
	"received_time" timestamp with time zone NOT NULL,
	"headers" jsonb NOT NULL,
	"body" text NOT NULL,
	"verified" boolean NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"order_no" text
);
--> statement-breakpoint
ALTER TABLE "life_pay_orders" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "life_pay_orders" ADD COLUMN "refund_status_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "life_pay_orders" ADD COLUMN "refund_returned_remark" text;--> statement-breakpoint
CREATE INDEX "provider_notifications_order_idx" ON "provider_notifications" USING btree ("order_no","received_time");--> statement-breakpoint
CREATE INDEX "provider_notifications_time_idx" ON "provider_notifications" USING btree ("received_time");