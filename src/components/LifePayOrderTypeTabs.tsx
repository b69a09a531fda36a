import { View } from '@tarojs/components'
import type { LifePayOrderType } from '@domain/lifePayOrderType'
import { rovingTabStop } from './rovingTabStop'
import './LifePayOrderTypeTabs.scss'

export interface LifePayOrderTypeTab<T extends LifePayOrderType | undefined> {
  type: T
  label: string
}

interface LifePayOrderTypeTabsProps<T extends LifePayOrderType | undefined> {
  tabs: readonly LifePayOrderTypeTab<T>[]
  value: T
  onChange: (type: T) => void
}

/** One tab per utility (orders add an 'all' tab); each feature passes its own labels. */
export default function LifePayOrderTypeTabs<T extends LifePayOrderType | undefined>({
  tabs,
  value,
  onChange,
}: LifePayOrderTypeTabsProps<T>) {
  const tabStop = rovingTabStop(tabs, (tab) => tab.type === value)
  return (
    <View className='lp-type-tabs' role='tablist'>
      {tabs.map((tab, index) => {
        const active = tab.type === value
        return (
          <View
            key={tab.type ?? 'all'}
            className={`lp-type-tabs__tab${active ? ' lp-type-tabs__tab--active' : ''}`}
            role='tab'
            tabIndex={index === tabStop ? 0 : -1}
            aria-selected={active}
            onClick={() => onChange(tab.type)}
          >
            {tab.label}
          </View>
        )
      })}
    </View>
  )
}
