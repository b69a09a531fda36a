import { useLocaleStore } from '../../i18n/i18n'
import { errorText } from '../../services/http/errorText'

/**
 * What to tell the user when a login is refused. Login calls are silent (SPEC §7), so the page says it: the server's
 * own message, found through the phone-code login's wrapper; our own words when there is none.
 */
export function loginErrorText(error: unknown, fallback: string): string {
  return errorText(error, useLocaleStore.getState().locale, fallback)
}
