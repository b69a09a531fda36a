import { translate } from '../i18n/i18n'
import type { MessageKey } from '../i18n/zh-CN'
import type { Locale } from '@domain/locale'

/** The document's title, as SPEC §0 has it: '{page title} - life payment', or the product title when there is none. */
export function formatPageTitle(locale: Locale, titleKey?: MessageKey): string {
  if (!titleKey) return translate(locale, 'app.productTitle')
  return `${translate(locale, titleKey)} - ${translate(locale, 'app.titleSuffix')}`
}

/** The title the navigation bar shows: the page's name alone (the brand is the host's and the home page's). */
export function navBarTitle(locale: Locale, titleKey?: MessageKey): string {
  return translate(locale, titleKey ?? 'app.productTitle')
}
