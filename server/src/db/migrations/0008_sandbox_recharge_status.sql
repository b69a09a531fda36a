ALTER TABLE "sandbox_recharges" ADD COLUMN "status" text DEFAULT 'processing' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_recharges" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "sandbox_recharges" ADD COLUMN "finish_time" timestamp with time zone;