import { Text, View } from '@tarojs/components'
import { maskPhone } from '../../../domain/mask'
import { useMessages } from '../../../i18n/messages'
import { rechargeMessages } from '../messages'
import './SmsOptIn.scss'

interface SmsOptInProps {
  phoneNumber: string
  checked: boolean
  onChange: (checked: boolean) => void
}

/**
 * H5's way to hear about the top-up (issue 20): an SMS with the result, only when the user ticks it (never pre-ticked:
 * China's rules on messages a user did not ask for). The choice travels with the pay tap.
 */
export default function SmsOptIn({ phoneNumber, checked, onChange }: SmsOptInProps) {
  const m = useMessages(rechargeMessages)
  const text = m('smsOptIn', { phone: maskPhone(phoneNumber) })
  return (
    <View
      className='lp-sms-optin'
      role='checkbox'
      tabIndex={0}
      aria-checked={checked}
      aria-label={text}
      data-testid='sms-optin'
      onClick={() => onChange(!checked)}
    >
      <View className={`lp-sms-optin__box${checked ? ' lp-sms-optin__box--on' : ''}`} />
      <Text className='lp-sms-optin__text'>{text}</Text>
    </View>
  )
}
