ALTER TABLE "users" ADD COLUMN "alipay_user_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_alipay_user_id_key" ON "users" USING btree ("alipay_user_id");