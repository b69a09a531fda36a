import { View } from '@tarojs/components'
import { LifePayOrderType } from '../../../domain/lifePayOrderType'
import { useMessages } from '../../../i18n/messages'
import { accountMessages, type AccountMessageKey } from '../messages'
import './AccountTypeTabs.scss'

const TABS: readonly { type: LifePayOrderType; key: AccountMessageKey }[] = [
  { type: LifePayOrderType.Phone, key: 'tabPhone' },
  { type: LifePayOrderType.Electric, key: 'tabElectric' },
  { type: LifePayOrderType.Gas, key: 'tabGas' },
]

/** Phone, electricity, gas. */
export default function AccountTypeTabs({ value, onChange }: { value: LifePayOrderType; onChange: (type: LifePayOrderType) => void }) {
  const m = useMessages(accountMessages)
  return (
    <View className='lp-account-tabs' role='tablist'>
      {TABS.map((tab) => {
        const active = tab.type === value
        return (
          <View
            key={tab.type}
            className={`lp-account-tabs__tab${active ? ' lp-account-tabs__tab--active' : ''}`}
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
