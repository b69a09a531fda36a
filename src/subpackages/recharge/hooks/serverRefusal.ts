import type { ApiErrorCode } from '@contract/errorCodes'
import { isBizError } from '../../../services/http/bizError'

/** The form field a refusal is about, by the server's stable error code (docs/api.md § Errors). */
export type RefusedField = 'faceValue' | 'region' | 'grid' | 'holderName' | 'form'

// A missing or too long holder name is VALIDATION_FAILED like any other field, its `msg` naming the field
// (户主姓名：…): it goes to the form's banner. The form checks the name itself before sending.
const FIELD_OF_CODE: Readonly<Partial<Record<ApiErrorCode, RefusedField>>> = {
  PAR_VALUE_NOT_OFFERED: 'faceValue',
  AREA_NOT_SUPPORTED: 'region',
  // A gas order's province and city that are not one of the other's (GetRegionalManagementList).
  REGION_UNKNOWN: 'region',
  ELECTRIC_TYPE_MISMATCH: 'grid',
  // The price shown is not the server's any more (a rate or the user's channel changed): shown where the price is.
  PRICE_CHANGED: 'faceValue',
}

/** The server's own words when it refused a call (the request layer has toasted them too); undefined otherwise. */
export function serverRefusal(error: unknown): { field: RefusedField; message: string } | undefined {
  if (!isBizError(error)) return undefined
  return { field: (error.code && FIELD_OF_CODE[error.code]) || 'form', message: error.msg || error.message }
}
