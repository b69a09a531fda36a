import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useMessages } from '../../../i18n/messages'
import { loginPageUrl } from '../loginContext'
import { loginMessages } from '../messages'
import './PolicyConsent.scss'

interface PolicyConsentProps {
  checked: boolean
  onChange: (checked: boolean) => void
}

/** The consent every login and register form needs, with the two documents one tap away. */
export default function PolicyConsent({ checked, onChange }: PolicyConsentProps) {
  const m = useMessages(loginMessages)
  const open = (page: 'userPolicy' | 'privacyPolicy') => (event: { stopPropagation: () => void }) => {
    event.stopPropagation()
    void Taro.navigateTo({ url: loginPageUrl(page) })
  }
  return (
    <View
      className='lp-consent'
      role='checkbox'
      tabIndex={0}
      aria-checked={checked}
      aria-label={m('consentRequired')}
      onClick={() => onChange(!checked)}
    >
      <View className={`lp-consent__box ${checked ? 'lp-consent__box--on' : ''}`} />
      <Text className='lp-consent__text'>
        {m('consentPrefix')}
        <Text className='lp-consent__link' onClick={open('userPolicy')}>
          {m('userAgreement')}
        </Text>
        {m('and')}
        <Text className='lp-consent__link' onClick={open('privacyPolicy')}>
          {m('privacyPolicy')}
        </Text>
      </Text>
    </View>
  )
}
