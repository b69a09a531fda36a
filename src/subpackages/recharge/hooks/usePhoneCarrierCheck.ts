import { useQuery } from '@tanstack/react-query'
import type { PhoneCarrierCheck } from '@contract/lifePay'
import { checkPhoneCarrierQueryOptions } from '../../../services/api/accountChecks'
import { selectIsLoggedIn, useLifePayStore } from '../../../stores/lifePay'

/**
 * The carrier lookup for a complete mobile number (issue 20): `checking` while it runs, the answer when it was
 * verified, undefined otherwise — logged out, not a full number, or the lookup failed or could not say, in which case
 * the form keeps the prefix guess and says nothing alarming.
 */
export function usePhoneCarrierCheck(phone: string | undefined): { checking: boolean; check?: PhoneCarrierCheck } {
  const loggedIn = useLifePayStore(selectIsLoggedIn)
  const enabled = loggedIn && phone !== undefined
  const query = useQuery({ ...checkPhoneCarrierQueryOptions(phone ?? ''), enabled })
  if (!enabled) return { checking: false }
  if (query.isPending) return { checking: true }
  // A back end without the lookup (issue 36) answers 404 (an error here) or no `verified`: the prefix guess stays.
  return { checking: false, check: query.data?.verified === true ? query.data : undefined }
}
