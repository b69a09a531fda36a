import { LIFE_PAY_USER_HEADER } from '../apiCall'

/**
 * Create…Order as the API benches load it: a new account and idempotency key each request, so the duplicate guard runs
 * (the account's lock, its orders) and never refuses. `built()` counts the requests made so far.
 */
export function createOrderLoad(serverUrl: string, buyerId: string, keyPrefix: string) {
  let key = 0
  return {
    url: `${serverUrl}/api/LifePay/CreateLifePayPhoneOrder`,
    method: 'POST' as const,
    headers: { [LIFE_PAY_USER_HEADER]: buyerId },
    nextBody: () =>
      JSON.stringify({
        phone: `139${String(key).padStart(8, '0')}`,
        ispCode: 'yidong',
        parValue: 50,
        idempotencyKey: `${keyPrefix}-${key++}`,
      }),
    built: () => key,
  }
}
