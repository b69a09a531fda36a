ALTER TABLE "life_pay_orders" ADD COLUMN "rate_channel_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "channel_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Users from before the binding keep the channel of their first order when it names a channel the server knows: the
-- best record of the channel they came with (docs/api.md § Pricing). Everyone else prices at the default channel.
UPDATE "users" SET "channel_id" = "first"."channel_id"
FROM (
  SELECT DISTINCT ON ("user_id") "user_id", "channel_id" FROM "life_pay_orders"
  ORDER BY "user_id", "creation_time", "order_no"
) AS "first"
WHERE "first"."user_id" = "users"."id" AND "first"."channel_id" IN (SELECT "channel_id" FROM "channels");
