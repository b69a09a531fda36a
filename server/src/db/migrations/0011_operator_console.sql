ALTER TABLE "channels" ADD COLUMN "switch_type" integer;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "channles_type" integer;--> statement-breakpoint
ALTER TABLE "life_pay_orders" ADD COLUMN "refund_credentials_img_url" text;--> statement-breakpoint
ALTER TABLE "life_pay_orders" ADD COLUMN "refund_check_time" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "life_pay_orders_page_idx" ON "life_pay_orders" USING btree ("creation_time" DESC NULLS FIRST,"order_no" DESC NULLS FIRST);