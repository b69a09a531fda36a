CREATE TABLE "login_delays" (
	"subject" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_recovery_codes" (
	"operator_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_time" timestamp with time zone,
	CONSTRAINT "operator_recovery_codes_operator_id_code_hash_pk" PRIMARY KEY("operator_id","code_hash")
);
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_enabled_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "operator_recovery_codes" ADD CONSTRAINT "operator_recovery_codes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_delays_last_failure_time_idx" ON "login_delays" USING btree ("last_failure_time");