import { Text, View } from '@tarojs/components'
import { LifePayRateType } from '@domain/rateType'
import { useLocaleStore } from '../../i18n/i18n'
import { useMessages } from '../../i18n/messages'
import { discountDetail } from './discount'
import { homeMessages, type HomeMessageKey } from './messages'
import './RateNotice.scss'

const RATED: [LifePayRateType, HomeMessageKey][] = [
  [LifePayRateType.DefaultPhone, 'phone'],
  [LifePayRateType.DefaultElectric, 'electric'],
  [LifePayRateType.DefaultGas, 'gas'],
]

interface RateNoticeProps {
  rateOf: (type: LifePayRateType) => number | undefined
  loading: boolean
  failed: boolean
  onRetry: () => void
}

/** The discount rules in force, spelled out exactly (what share of the face value is paid, and an example). */
export default function RateNotice({ rateOf, loading, failed, onRetry }: RateNoticeProps) {
  const m = useMessages(homeMessages)
  const locale = useLocaleStore((s) => s.locale)
  const lines = RATED.map(([type, name]) => discountDetail(m(name), rateOf(type), locale)).filter(
    (line): line is string => line !== null,
  )
  if (failed) {
    return (
      <View className='lp-rate-notice lp-rate-notice--failed' role='alert'>
        <Text>{m('sectionFailed')}</Text>
        <View className='lp-rate-notice__retry' role='button' tabIndex={0} onClick={onRetry}>
          {m('retry')}
        </View>
      </View>
    )
  }
  if (loading) {
    // One line per rate, as the loaded notice has: the sections below stay where they are when it arrives.
    return (
      <View className='lp-rate-notice' aria-busy='true'>
        {RATED.map(([type]) => (
          <View key={type} className='lp-rate-notice__line lp-rate-notice__line--skeleton' />
        ))}
      </View>
    )
  }
  if (lines.length === 0) return null
  return (
    <View className='lp-rate-notice'>
      {lines.map((line) => (
        <Text key={line} className='lp-rate-notice__line'>
          {line}
        </Text>
      ))}
    </View>
  )
}
