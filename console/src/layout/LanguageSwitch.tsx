import { Button } from 'antd'
import { commonMessages } from '../i18n/common'
import { useLocale } from '../i18n/locale'
import { useMessages } from '../i18n/messages'

/** zh-CN ⇄ en-US, kept in this browser. */
export function LanguageSwitch() {
  const { locale, setLocale } = useLocale()
  const text = useMessages(commonMessages)
  return (
    <Button type='text' onClick={() => setLocale(locale === 'zh-CN' ? 'en-US' : 'zh-CN')}>
      {text.language}
    </Button>
  )
}
