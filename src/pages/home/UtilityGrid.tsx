import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { LifePayRateType } from '@domain/rateType'
import { useLocaleStore } from '../../i18n/i18n'
import { useMessages } from '../../i18n/messages'
import { rechargeFormUrl, rechargeKindOf } from '../../routes'
import { discountBadge } from './discount'
import { homeMessages, type HomeMessageKey } from './messages'
import UtilityIcon from './UtilityIcon'
import './UtilityGrid.scss'

interface Utility {
  type: LifePayOrderType
  rateType: LifePayRateType
  name: HomeMessageKey
  hint: HomeMessageKey
}

const UTILITIES: Utility[] = [
  { type: LifePayOrderType.Phone, rateType: LifePayRateType.DefaultPhone, name: 'phone', hint: 'phoneHint' },
  {
    type: LifePayOrderType.Electric,
    rateType: LifePayRateType.DefaultElectric,
    name: 'electric',
    hint: 'electricHint',
  },
  { type: LifePayOrderType.Gas, rateType: LifePayRateType.DefaultGas, name: 'gas', hint: 'gasHint' },
]

/** The three top-ups as large entries, each with the discount in force. */
export default function UtilityGrid({
  rateOf,
  loading,
}: {
  rateOf: (type: LifePayRateType) => number | undefined
  loading: boolean
}) {
  const m = useMessages(homeMessages)
  const locale = useLocaleStore((s) => s.locale)
  return (
    <View className='lp-utilities'>
      {UTILITIES.map((utility) => {
        const badge = discountBadge(rateOf(utility.rateType), locale)
        return (
          <View
            key={utility.type}
            className='lp-utilities__entry'
            role='button'
            tabIndex={0}
            aria-label={m(utility.name)}
            onClick={() => void Taro.navigateTo({ url: rechargeFormUrl(rechargeKindOf[utility.type]) })}
          >
            <UtilityIcon type={utility.type} />
            <Text className='lp-utilities__name'>{m(utility.name)}</Text>
            <Text className='lp-utilities__hint'>{m(utility.hint)}</Text>
            {/* The badge's line is held while the rate loads and when there is no discount: the grid keeps its
                height. */}
            <View
              className={`lp-utilities__badge-slot${loading ? ' lp-utilities__badge-slot--loading' : ''}`}
              aria-busy={loading ? 'true' : undefined}
            >
              {badge ? <Text className='lp-utilities__badge'>{badge}</Text> : null}
            </View>
          </View>
        )
      })}
    </View>
  )
}
