import { View } from '@tarojs/components'
import type { Locale } from '@domain/locale'
import { useLocaleStore } from '../../i18n/i18n'
import { rovingTabStop } from '../../components/rovingTabStop'
import './LanguageSwitch.scss'

// Each language names itself, so a user who cannot read the current one still finds theirs.
const LANGUAGES: { locale: Locale; name: string }[] = [
  { locale: 'zh-CN', name: '简体中文' },
  { locale: 'en-US', name: 'English' },
]

export default function LanguageSwitch({ label }: { label: string }) {
  const locale = useLocaleStore((s) => s.locale)
  const setLocale = useLocaleStore((s) => s.setLocale)
  const tabStop = rovingTabStop(LANGUAGES, (language) => language.locale === locale)
  return (
    <View className='lp-language' role='radiogroup' aria-label={label}>
      {LANGUAGES.map((language, index) => (
        <View
          key={language.locale}
          className={`lp-language__option ${language.locale === locale ? 'lp-language__option--on' : ''}`}
          role='radio'
          tabIndex={index === tabStop ? 0 : -1}
          aria-checked={language.locale === locale}
          onClick={() => setLocale(language.locale)}
        >
          {language.name}
        </View>
      ))}
    </View>
  )
}
