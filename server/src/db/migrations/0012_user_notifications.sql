CREATE TABLE "notification_subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"order_no" text,
	"reminder_id" uuid,
	"channel" text NOT NULL,
	"event" text NOT NULL,
	"template_id" text,
	"decision" text NOT NULL,
	"spent_time" timestamp with time zone,
	"creation_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"event" text NOT NULL,
	"order_no" text,
	"recipient" text NOT NULL,
	"text" text NOT NULL,
	"params" jsonb NOT NULL,
	"creation_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "top_up_reminders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"user_account_id" uuid,
	"life_pay_order_type" integer NOT NULL,
	"account" text NOT NULL,
	"kind" text NOT NULL,
	"day_of_month" integer,
	"threshold_fen" integer,
	"channel" text NOT NULL,
	"consent_time" timestamp with time zone NOT NULL,
	"consent_text" text NOT NULL,
	"status" text NOT NULL,
	"next_run_time" timestamp with time zone,
	"last_sent_time" timestamp with time zone,
	"cancel_time" timestamp with time zone,
	"cancel_token" text NOT NULL,
	"creation_time" timestamp with time zone NOT NULL,
	"updated_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"order_no" text,
	"reminder_id" uuid,
	"event" text NOT NULL,
	"channel" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"status" text NOT NULL,
	"params" jsonb NOT NULL,
	"provider_message_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"creation_time" timestamp with time zone NOT NULL,
	"sent_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notification_subscriptions" ADD CONSTRAINT "notification_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_up_reminders" ADD CONSTRAINT "top_up_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_subscriptions_order_idx" ON "notification_subscriptions" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "notification_subscriptions_reminder_idx" ON "notification_subscriptions" USING btree ("reminder_id","creation_time");--> statement-breakpoint
CREATE INDEX "sandbox_notifications_user_time_idx" ON "sandbox_notifications" USING btree ("user_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "top_up_reminders_cancel_token_key" ON "top_up_reminders" USING btree ("cancel_token");--> statement-breakpoint
CREATE INDEX "top_up_reminders_user_idx" ON "top_up_reminders" USING btree ("user_id","creation_time");--> statement-breakpoint
CREATE INDEX "top_up_reminders_due_idx" ON "top_up_reminders" USING btree ("next_run_time") WHERE "top_up_reminders"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "user_notifications_dedupe_key" ON "user_notifications" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "user_notifications_order_idx" ON "user_notifications" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "user_notifications_user_time_idx" ON "user_notifications" USING btree ("user_id","creation_time");