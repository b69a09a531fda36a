import { Text, View } from '@tarojs/components'
import './SmsOptIn.scss'

interface SmsOptInProps {
  /** What the text is about and where it goes, e.g. '短信通知我充值结果（发送至 138****5678）'. */
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
}

/**
 * H5's way to hear about an order (issue 20; the refund's outcome: issue 37, item 20), where no host prompt exists:
 * an SMS, only when the user ticks it (never pre-ticked: China's rules on messages a user did not ask for). The
 * choice travels with the tap it sits above.
 */
export default function SmsOptIn({ label, checked, onChange }: SmsOptInProps) {
  return (
    <View
      className='lp-sms-optin'
      role='checkbox'
      tabIndex={0}
      aria-checked={checked}
      aria-label={label}
      data-testid='sms-optin'
      onClick={() => onChange(!checked)}
    >
      <View className={`lp-sms-optin__box${checked ? ' lp-sms-optin__box--on' : ''}`} />
      <Text className='lp-sms-optin__text'>{label}</Text>
    </View>
  )
}
