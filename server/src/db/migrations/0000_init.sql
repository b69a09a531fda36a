CREATE TABLE "electric_support_areas" (
	"province_code" text NOT NULL,
	"province_name" text NOT NULL,
	"city_code" text NOT NULL,
	"city_name" text NOT NULL,
	"electric_type" text NOT NULL,
	"need_holder_name" boolean NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "electric_support_areas_province_code_city_code_pk" PRIMARY KEY("province_code","city_code")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"dedupe_key" text,
	"creation_time" timestamp with time zone NOT NULL,
	"updated_time" timestamp with time zone NOT NULL,
	"finished_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "life_pay_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" uuid NOT NULL,
	"channel_id" text,
	"life_pay_order_type" integer NOT NULL,
	"account" text NOT NULL,
	"isp_code" text,
	"electric_type" text,
	"electric_account_type" text,
	"gas_org_type" text,
	"province" text,
	"city" text,
	"name" text,
	"par_value_fen" integer NOT NULL,
	"rate_ppm" integer NOT NULL,
	"pay_amount_fen" integer NOT NULL,
	"discount_amount_fen" integer NOT NULL,
	"pay_status" integer NOT NULL,
	"life_pay_order_status" integer NOT NULL,
	"life_pay_type" integer,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"transaction_id" text,
	"supplier_order_no" text,
	"supplier_result" text,
	"pay_time" timestamp with time zone,
	"finish_time" timestamp with time zone,
	"refund_apply_time" timestamp with time zone,
	"refund_apply_remark" text,
	"refund_time" timestamp with time zone,
	"refund_check_remark" text,
	"refund_no" text,
	"expire_time" timestamp with time zone NOT NULL,
	"creation_time" timestamp with time zone NOT NULL,
	"updated_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "life_pay_rates" (
	"channel_id" text NOT NULL,
	"rate_type" integer NOT NULL,
	"rate_ppm" integer NOT NULL,
	CONSTRAINT "life_pay_rates_channel_id_rate_type_pk" PRIMARY KEY("channel_id","rate_type")
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"login_name" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"creation_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oss_credentials" (
	"access_key_id" text PRIMARY KEY NOT NULL,
	"access_key_secret" text NOT NULL,
	"security_token" text NOT NULL,
	"user_id" uuid NOT NULL,
	"dir" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"creation_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "par_values" (
	"life_pay_order_type" integer NOT NULL,
	"sub_type" text NOT NULL,
	"face_value_fen" integer NOT NULL,
	CONSTRAINT "par_values_life_pay_order_type_sub_type_face_value_fen_pk" PRIMARY KEY("life_pay_order_type","sub_type","face_value_fen")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"client_id" text NOT NULL,
	"creation_time" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"area_code" text PRIMARY KEY NOT NULL,
	"area_name" text NOT NULL,
	"parent_code" text,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"prepay_id" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"life_pay_type" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" text NOT NULL,
	"transaction_id" text,
	"refunded_fen" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone NOT NULL,
	"updated_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_recharges" (
	"order_no" text PRIMARY KEY NOT NULL,
	"supplier_order_no" text NOT NULL,
	"account" text NOT NULL,
	"submit_count" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"refund_no" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"creation_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone_number" text NOT NULL,
	"business_type" integer NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"wrong_attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	"creation_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone_number" text NOT NULL,
	"business_type" integer NOT NULL,
	"code" text NOT NULL,
	"text" text NOT NULL,
	"creation_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"life_pay_type" integer NOT NULL,
	"content" text NOT NULL,
	"remark" text NOT NULL,
	"isp_code" text,
	"electric_type" text,
	"electric_account_type" text,
	"gas_org_type" text,
	"province" text,
	"city" text,
	"name" text,
	"creation_time" timestamp with time zone NOT NULL,
	"updated_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"phone_number" text,
	"user_name" text NOT NULL,
	"password_hash" text,
	"avatar_url" text,
	"wx_open_id" text,
	"virtual_user_id" uuid NOT NULL,
	"referrer_user_id" uuid,
	"creation_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wx_sessions" (
	"open_id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"session_key" text NOT NULL,
	"union_id" text,
	"referrer_user_id" uuid,
	"user_name" text,
	"updated_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "life_pay_orders" ADD CONSTRAINT "life_pay_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD CONSTRAINT "user_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_key" ON "jobs" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "jobs_pending_run_at_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "jobs_running_locked_until_idx" ON "jobs" USING btree ("locked_until") WHERE "jobs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_failed_idx" ON "jobs" USING btree ("updated_time") WHERE "jobs"."status" = 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "life_pay_orders_order_no_key" ON "life_pay_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "life_pay_orders_user_idempotency_key" ON "life_pay_orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "life_pay_orders_user_type_time_idx" ON "life_pay_orders" USING btree ("user_id","life_pay_order_type","creation_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "life_pay_orders_user_time_idx" ON "life_pay_orders" USING btree ("user_id","creation_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "life_pay_orders_refund_review_idx" ON "life_pay_orders" USING btree ("refund_apply_time") WHERE "life_pay_orders"."life_pay_order_status" = 40;--> statement-breakpoint
CREATE INDEX "login_attempts_login_name_time_idx" ON "login_attempts" USING btree ("login_name","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_token_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "regions_parent_idx" ON "regions" USING btree ("parent_code","sort");--> statement-breakpoint
CREATE INDEX "sandbox_payments_order_idx" ON "sandbox_payments" USING btree ("order_no","creation_time");--> statement-breakpoint
CREATE INDEX "sms_codes_phone_time_idx" ON "sms_codes" USING btree ("phone_number","creation_time");--> statement-breakpoint
CREATE INDEX "sms_outbox_phone_time_idx" ON "sms_outbox" USING btree ("phone_number","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "user_accounts_user_type_content_key" ON "user_accounts" USING btree ("user_id","life_pay_type","content");--> statement-breakpoint
CREATE INDEX "user_accounts_user_time_idx" ON "user_accounts" USING btree ("user_id","creation_time" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_number_key" ON "users" USING btree ("phone_number");--> statement-breakpoint
CREATE UNIQUE INDEX "users_wx_open_id_key" ON "users" USING btree ("wx_open_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_virtual_user_id_key" ON "users" USING btree ("virtual_user_id");