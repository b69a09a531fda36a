import { isBizError } from '../../../services/http/bizError'

/** The form field a refusal is about, by the server's stable error code (docs/api.md § Errors). */
export type RefusedField = 'faceValue' | 'region' | 'grid' | 'holderName' | 'form'

const FIELD_OF_CODE: Readonly<Record<string, RefusedField>> = {
  PAR_VALUE_NOT_OFFERED: 'faceValue',
  AREA_NOT_SUPPORTED: 'region',
  ELECTRIC_TYPE_MISMATCH: 'grid',
  HOLDER_NAME_REQUIRED: 'holderName',
}

/** The server's own words when it refused a call (the request layer has toasted them too); undefined otherwise. */
export function serverRefusal(error: unknown): { field: RefusedField; message: string } | undefined {
  if (!isBizError(error)) return undefined
  return { field: (error.code && FIELD_OF_CODE[error.code]) || 'form', message: error.msg || error.message }
}
