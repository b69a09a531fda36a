import type { Locale } from '@domain/locale'
import { useLocale } from './locale'

/** A screen's texts in both languages; en-US must have every key zh-CN has. */
export type Messages<T> = Record<Locale, T>

export function defineMessages<T extends Record<string, unknown>>(zh: T, en: T): Messages<T> {
  return { 'zh-CN': zh, 'en-US': en }
}

/** The texts of the current language. */
export function useMessages<T>(messages: Messages<T>): T {
  return messages[useLocale((state) => state.locale)]
}

/** `{name}` placeholders filled from `values`. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole))
}
