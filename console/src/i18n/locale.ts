import { create } from 'zustand'
import { DEFAULT_LOCALE, localeValues, type Locale } from '@domain/locale'

const STORAGE_KEY = 'lifePayConsole.locale'

function initialLocale(): Locale {
  // The catalogues import this module; the browser suite reads them under Node, where there is no browser.
  if (typeof localStorage === 'undefined') return DEFAULT_LOCALE
  const stored = localStorage.getItem(STORAGE_KEY)
  if (stored && (localeValues as readonly string[]).includes(stored)) return stored as Locale
  return navigator.language.toLowerCase().startsWith('zh') ? 'zh-CN' : navigator.language ? 'en-US' : DEFAULT_LOCALE
}

interface LocaleState {
  locale: Locale
  setLocale: (locale: Locale) => void
}

/** The console's language: the operator's choice, kept in this browser; else the browser's own. */
export const useLocale = create<LocaleState>((set) => ({
  locale: initialLocale(),
  setLocale: (locale) => {
    localStorage.setItem(STORAGE_KEY, locale)
    document.documentElement.lang = locale
    set({ locale })
  },
}))

/** For code outside React (the HTTP client's Accept-Language and its own messages). */
export function currentLocale(): Locale {
  return useLocale.getState().locale
}
