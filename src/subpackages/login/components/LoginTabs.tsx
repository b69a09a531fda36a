import { View } from '@tarojs/components'
import { rovingTabStop } from '../../../components/rovingTabStop'
import './LoginTabs.scss'

export interface LoginTab<K extends string> {
  key: K
  title: string
}

/** Two or more ways to log in, one shown at a time. */
export default function LoginTabs<K extends string>({
  tabs,
  active,
  onChange,
}: {
  tabs: LoginTab<K>[]
  active: K
  onChange: (key: K) => void
}) {
  const tabStop = rovingTabStop(tabs, (tab) => tab.key === active)
  return (
    <View className='lp-login-tabs' role='tablist'>
      {tabs.map((tab, index) => (
        <View
          key={tab.key}
          className={`lp-login-tabs__tab ${tab.key === active ? 'lp-login-tabs__tab--active' : ''}`}
          role='tab'
          tabIndex={index === tabStop ? 0 : -1}
          aria-selected={tab.key === active}
          onClick={() => onChange(tab.key)}
        >
          {tab.title}
        </View>
      ))}
    </View>
  )
}
