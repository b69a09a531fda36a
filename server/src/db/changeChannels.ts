// The pg_notify channels of the migrations' triggers (0002 change notifications, 0007 revoked credentials).

/** Payload: the user id whose orders changed. */
export const ORDER_CHANGED_CHANNEL = 'life_pay_order_changed'
/** Payload: empty; any change to the price list: the rates, the channels (0004) or the face values (0022). */
export const RATES_CHANGED_CHANNEL = 'life_pay_rates_changed'
/** Payload: `family:<refresh-token family id>` or `virtual:<virtual login id>`; migration 0007's triggers. */
export const CREDENTIAL_REVOKED_CHANNEL = 'credential_revoked'
