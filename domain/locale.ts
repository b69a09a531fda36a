export type Locale = 'zh-CN' | 'en-US'

export const DEFAULT_LOCALE: Locale = 'zh-CN'

export const localeValues: readonly Locale[] = ['zh-CN', 'en-US']

/** One display text per value, per locale. */
export type Labels<T extends string | number> = Record<Locale, Record<T, string>>

/** The text for `value`; an unknown value (e.g. a newer server) shows as itself rather than blank. */
export function label<T extends string | number>(labels: Labels<T>, value: T, locale: Locale = DEFAULT_LOCALE): string {
  const text = (labels[locale] ?? labels[DEFAULT_LOCALE])[value]
  return text ?? String(value)
}
