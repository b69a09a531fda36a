import { View } from '@tarojs/components'
import { LifePayOrderType } from '../../../domain/lifePayOrderType'
import { useMessages } from '../../../i18n/messages'
import { orderMessages, type OrderMessageKey } from '../messages'
import './OrderTypeTabs.scss'

const TABS: readonly { type: LifePayOrderType | undefined; key: OrderMessageKey }[] = [
  { type: undefined, key: 'tabAll' },
  { type: LifePayOrderType.Phone, key: 'tabPhone' },
  { type: LifePayOrderType.Electric, key: 'tabElectric' },
  { type: LifePayOrderType.Gas, key: 'tabGas' },
]

interface OrderTypeTabsProps {
  value: LifePayOrderType | undefined
  onChange: (type: LifePayOrderType | undefined) => void
}

/** All, phone, electricity, gas. */
export default function OrderTypeTabs({ value, onChange }: OrderTypeTabsProps) {
  const m = useMessages(orderMessages)
  return (
    <View className='lp-order-tabs' role='tablist'>
      {TABS.map((tab) => {
        const active = tab.type === value
        return (
          <View
            key={tab.key}
            className={`lp-order-tabs__tab${active ? ' lp-order-tabs__tab--active' : ''}`}
            role='tab'
            aria-selected={active}
            onClick={() => onChange(tab.type)}
          >
            {m(tab.key)}
          </View>
        )
      })}
    </View>
  )
}
