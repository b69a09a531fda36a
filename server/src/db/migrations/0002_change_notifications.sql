-- Every change to a user's orders or to the rates is announced with pg_notify from inside the writing transaction,
-- so it is delivered on commit to each server instance's listener, which drops its cached copies
-- (docs/server.md § Caches). A trigger rather than a call in the code: no write path can forget it, manual SQL included.
CREATE FUNCTION "life_pay_order_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('life_pay_order_changed', OLD.user_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    -- Identical notifications of one transaction are delivered once: an update sends one per user.
    PERFORM pg_notify('life_pay_order_changed', NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "life_pay_orders_notify" AFTER INSERT OR UPDATE OR DELETE ON "life_pay_orders"
  FOR EACH ROW EXECUTE FUNCTION "life_pay_order_changed"();--> statement-breakpoint
CREATE FUNCTION "life_pay_rates_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('life_pay_rates_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "life_pay_rates_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "life_pay_rates"
  FOR EACH STATEMENT EXECUTE FUNCTION "life_pay_rates_changed"();
