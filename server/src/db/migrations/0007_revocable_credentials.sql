CREATE TABLE "virtual_logins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"creation_time" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "users_virtual_user_id_key";--> statement-breakpoint
ALTER TABLE "virtual_logins" ADD CONSTRAINT "virtual_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "virtual_logins_user_idx" ON "virtual_logins" USING btree ("user_id");--> statement-breakpoint
-- The ids apps hold today keep working, for the default lifetime of a new one (30 days), then they expire.
INSERT INTO "virtual_logins" ("id", "user_id", "creation_time", "expires_at")
SELECT "virtual_user_id", "id", now(), now() + interval '30 days' FROM "users";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "virtual_user_id";--> statement-breakpoint
-- A revoked credential is announced to every instance, which drops what it remembered of it (docs/server.md §
-- Caches): a refresh-token family (revoked on reuse or logout: its access tokens stop at once) or a virtual login.
CREATE FUNCTION "credential_revoked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."revoked_at" IS NOT NULL AND OLD."revoked_at" IS NULL THEN
    IF TG_TABLE_NAME = 'refresh_tokens' THEN
      PERFORM pg_notify('credential_revoked', 'family:' || NEW."family_id"::text);
    ELSE
      PERFORM pg_notify('credential_revoked', 'virtual:' || NEW."id"::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "refresh_tokens_revoked_notify" AFTER UPDATE ON "refresh_tokens"
  FOR EACH ROW EXECUTE FUNCTION "credential_revoked"();--> statement-breakpoint
CREATE TRIGGER "virtual_logins_revoked_notify" AFTER UPDATE ON "virtual_logins"
  FOR EACH ROW EXECUTE FUNCTION "credential_revoked"();