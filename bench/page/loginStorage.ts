import { RECHARGE_CHANNEL } from '@domain/constants'

/**
 * The localStorage entries a phone + code (virtual) login leaves behind in the H5 app: zustand's persisted state
 * ({state, version}) of src/stores/session.ts and src/stores/lifePay.ts, stored through Taro's setStorageSync,
 * which wraps every value as {data}. bench:page checks the pages then stay on their route (no login redirect).
 */
export function virtualLoginStorage(userId: string, phoneNumber: string): Record<string, string> {
  const persisted = (state: Record<string, unknown>) => JSON.stringify({ data: JSON.stringify({ state, version: 0 }) })
  return {
    'lifePay.session': persisted({ virtualUserId: userId, virtualPhoneNumber: phoneNumber }),
    'lifePay.rechargeAccount': persisted({ userId, phoneNumber, channlesNum: RECHARGE_CHANNEL }),
  }
}
