import { isBizError } from '../../../services/http/bizError'

/** The server's own words when it refused a call (the request layer has toasted them too); undefined otherwise. */
export function serverRefusal(error: unknown): { code: string | null; message: string } | undefined {
  if (isBizError(error)) return { code: error.code, message: error.msg || error.message }
  return undefined
}
