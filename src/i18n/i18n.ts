import Taro from '@tarojs/taro'
import { create } from 'zustand'
import { DEFAULT_LOCALE, type Locale } from '@domain/locale'
import enUS from './en-US'
import zhCN, { type MessageKey } from './zh-CN'

const catalogues: Record<Locale, Record<MessageKey, string>> = { 'zh-CN': zhCN, 'en-US': enUS }
const LOCALE_STORAGE_KEY = 'lifePay.locale'

/** Chinese unless the system language is English; a saved choice wins. */
export function systemLocale(language: string | undefined): Locale {
  return language && /^en\b/i.test(language) ? 'en-US' : DEFAULT_LOCALE
}

function initialLocale(): Locale {
  try {
    const saved = Taro.getStorageSync(LOCALE_STORAGE_KEY)
    if (saved === 'zh-CN' || saved === 'en-US') return saved
    return systemLocale(Taro.getSystemInfoSync().language)
  } catch {
    return DEFAULT_LOCALE
  }
}

interface LocaleState {
  locale: Locale
  setLocale: (locale: Locale) => void
}

export const useLocaleStore = create<LocaleState>((set) => ({
  locale: initialLocale(),
  setLocale: (locale) => {
    Taro.setStorageSync(LOCALE_STORAGE_KEY, locale)
    set({ locale })
  },
}))

// Screen readers choose their voice by <html lang>: on H5 it follows the language in use (index.html says zh-CN).
if (process.env.TARO_ENV === 'h5') {
  const followLocale = ({ locale }: LocaleState) => document.documentElement.setAttribute('lang', locale)
  followLocale(useLocaleStore.getState())
  useLocaleStore.subscribe(followLocale)
}

/** Translates a key; a key missing from a catalogue falls back to zh-CN, then to the key itself. */
export function translate(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  const text = catalogues[locale]?.[key] ?? zhCN[key] ?? key
  return params ? text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`)) : text
}

export function t(key: MessageKey, params?: Record<string, string | number>): string {
  return translate(useLocaleStore.getState().locale, key, params)
}

/** Re-renders the caller when the language changes. */
export function useT(): typeof t {
  const locale = useLocaleStore((s) => s.locale)
  return (key, params) => translate(locale, key, params)
}
