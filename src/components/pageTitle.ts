import { translate } from '../i18n/i18n'
import type { MessageKey } from '../i18n/zh-CN'
import type { Locale } from '../domain/locale'

/** SPEC: '{page title} - life payment', or the product title when the page has none. */
export function formatPageTitle(locale: Locale, titleKey?: MessageKey): string {
  if (!titleKey) return translate(locale, 'app.productTitle')
  return `${translate(locale, titleKey)} - ${translate(locale, 'app.titleSuffix')}`
}
