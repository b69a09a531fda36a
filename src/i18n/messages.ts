import { DEFAULT_LOCALE, type Locale } from '@domain/locale'
import { useLocaleStore } from './i18n'

/**
 * A feature's own strings, in both languages, kept beside the feature (a subpackage's strings stay out of the main
 * package). Keys of zh-CN define the catalogue; en-US must have the same keys.
 */
export type Messages<K extends string> = Record<Locale, Record<K, string>>

export function defineMessages<K extends string>(zhCN: Record<K, string>, enUS: Record<K, string>): Messages<K> {
  return { 'zh-CN': zhCN, 'en-US': enUS }
}

export function formatMessage<K extends string>(
  messages: Messages<K>,
  locale: Locale,
  key: K,
  params?: Record<string, string | number>,
): string {
  const text = messages[locale]?.[key] ?? messages[DEFAULT_LOCALE][key] ?? key
  return params ? text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`)) : text
}

/** `const m = useMessages(rechargeMessages); m('payNow')` — re-renders when the language changes. */
export function useMessages<K extends string>(messages: Messages<K>) {
  const locale = useLocaleStore((s) => s.locale)
  return (key: K, params?: Record<string, string | number>) => formatMessage(messages, locale, key, params)
}
