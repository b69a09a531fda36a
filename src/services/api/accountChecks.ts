import { queryOptions } from '@tanstack/react-query'
import type {
  CheckLifePayAccountInput,
  CheckPhoneCarrierInput,
  LifePayAccountCheck,
  PhoneCarrierCheck,
} from '@contract/lifePay'
import { request } from '../http/client'
import { extensionCall } from './extensionAbsent'
import type { CallOptions } from '../http/requestOptions'
import { quietRead } from './quietRead'

// Issue 20 — the lookups before paying: quiet (the form shows checking / found / not found / unavailable in place),
// never retried (an unknown account stays unknown, and each lookup counts against the user's hourly limit), and kept
// for the session so going back and forth over the same account asks once.

/** An account's holder or a number's carrier is stable for a session. */
const LOOKUP_STALE_MS = 30 * 60 * 1000

/** POST /api/LifePay/CheckLifePayAccount — LIFE_PAY_ACCOUNT_NOT_FOUND when the supplier has no such account. */
export function checkLifePayAccount(
  input: CheckLifePayAccountInput,
  options: CallOptions = {},
): Promise<LifePayAccountCheck> {
  return request<LifePayAccountCheck>({
    ...options,
    method: 'POST',
    url: '/api/LifePay/CheckLifePayAccount',
    data: input,
  })
}

/** One entry per account asked about. */
export const checkLifePayAccountQueryOptions = (input: CheckLifePayAccountInput) =>
  queryOptions({
    queryKey: ['lifePay', 'accountCheck', input],
    queryFn: () => checkLifePayAccount(input, quietRead(extensionCall({ skipErrorHandler: true }))),
    retry: false,
    staleTime: LOOKUP_STALE_MS,
  })

/** POST /api/LifePay/CheckPhoneCarrier */
export function checkPhoneCarrier(
  input: CheckPhoneCarrierInput,
  options: CallOptions = {},
): Promise<PhoneCarrierCheck> {
  return request<PhoneCarrierCheck>({ ...options, method: 'POST', url: '/api/LifePay/CheckPhoneCarrier', data: input })
}

/** One entry per number asked about. */
export const checkPhoneCarrierQueryOptions = (phone: string) =>
  queryOptions({
    queryKey: ['lifePay', 'carrierCheck', phone],
    queryFn: () => checkPhoneCarrier({ phone }, quietRead(extensionCall({ skipErrorHandler: true }))),
    retry: false,
    staleTime: LOOKUP_STALE_MS,
  })
