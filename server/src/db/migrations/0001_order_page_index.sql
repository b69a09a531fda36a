DROP INDEX "life_pay_orders_user_type_time_idx";--> statement-breakpoint
DROP INDEX "life_pay_orders_user_time_idx";--> statement-breakpoint
CREATE INDEX "life_pay_orders_user_page_idx" ON "life_pay_orders" USING btree ("user_id","creation_time" DESC NULLS FIRST,"order_no" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "life_pay_orders_user_type_page_idx" ON "life_pay_orders" USING btree ("user_id","life_pay_order_type","creation_time" DESC NULLS FIRST,"order_no" DESC NULLS FIRST);