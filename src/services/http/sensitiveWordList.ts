import { createSensitiveWordFilter, type SensitiveWordFilter } from '@domain/sensitiveWords'
import { http } from './instance'

/** The word list in static storage (SPEC §5): a text pattern, fetched with a timestamp cache-buster. */
export const SENSITIVE_WORDS_PATH = '/static/sensitive-words.txt'

const noFilter: SensitiveWordFilter = (value) => value

// Fetched once and kept; a failed fetch filters nothing this time and is tried again by a later request.
let loading: Promise<SensitiveWordFilter> | null = null

async function fetchFilter(): Promise<SensitiveWordFilter> {
  const response = await http.get<string>(SENSITIVE_WORDS_PATH, {
    params: { t: Date.now() },
    responseType: 'text',
    // Plain text: not an envelope, not filtered, no indicator, no token, no toast.
    getResponse: true,
    showLoading: false,
    withCredentials: false,
    skipErrorHandler: true,
  })
  return createSensitiveWordFilter(typeof response.data === 'string' ? response.data : '')
}

export function sensitiveWordFilter(): Promise<SensitiveWordFilter> {
  loading ??= fetchFilter().catch(() => {
    loading = null
    return noFilter
  })
  return loading
}

/** Forget the cached list (tests, or after the list changed on the server). */
export function resetSensitiveWordFilter(): void {
  loading = null
}
