import { useLocaleStore } from '../i18n/i18n'
import { errorText } from '../services/http/errorText'

/** Words for a failed call in the user's language, for a page's error state: never the transport's raw message. */
export function useErrorText(): (error: unknown) => string | undefined {
  const locale = useLocaleStore((s) => s.locale)
  return (error) => (error ? errorText(error, locale) : undefined)
}
