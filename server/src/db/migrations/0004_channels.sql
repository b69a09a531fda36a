CREATE TABLE "channels" (
	"channel_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"creation_time" timestamp with time zone NOT NULL,
	"updated_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Channels that already had rates of their own keep them: they become known and enabled.
INSERT INTO "channels" ("channel_id", "name", "enabled", "creation_time", "updated_time")
SELECT DISTINCT "channel_id", "channel_id", true, now(), now() FROM "life_pay_rates" WHERE "channel_id" <> '';
--> statement-breakpoint
-- Which rates apply depends on the channels too: a change to either clears every instance's rate cache.
CREATE TRIGGER "channels_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "channels"
  FOR EACH STATEMENT EXECUTE FUNCTION "life_pay_rates_changed"();
