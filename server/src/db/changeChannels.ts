// The pg_notify channels of migration 0002_change_notifications (its triggers send them on every change).

/** Payload: the user id whose orders changed. */
export const ORDER_CHANGED_CHANNEL = 'life_pay_order_changed'
/** Payload: empty; any change to the rates table. */
export const RATES_CHANGED_CHANNEL = 'life_pay_rates_changed'
