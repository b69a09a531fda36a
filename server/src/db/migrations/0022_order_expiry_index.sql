CREATE INDEX "life_pay_orders_unpaid_expiry_idx" ON "life_pay_orders" USING btree ("expire_time") WHERE "life_pay_orders"."pay_status" = 10 AND "life_pay_orders"."life_pay_order_status" = 10;--> statement-breakpoint
-- The orders' expiry jobs are replaced by the sweep over the index above (order.expirySweep): those still waiting
-- have no handler any more, and the sweep closes their orders.
DELETE FROM "jobs" WHERE "kind" = 'order.expire' AND "status" IN ('pending', 'running');--> statement-breakpoint
-- Create…Order checks its face value from memory (ParValueCache): a change to the table clears every instance's copy,
-- as a change to the rates or the channels does.
CREATE TRIGGER "par_values_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "par_values"
  FOR EACH STATEMENT EXECUTE FUNCTION "life_pay_rates_changed"();
