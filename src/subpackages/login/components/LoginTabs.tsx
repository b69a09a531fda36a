import { View } from '@tarojs/components'
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
  return (
    <View className='lp-login-tabs' role='tablist'>
      {tabs.map((tab) => (
        <View
          key={tab.key}
          className={`lp-login-tabs__tab ${tab.key === active ? 'lp-login-tabs__tab--active' : ''}`}
          role='tab'
          aria-selected={tab.key === active}
          onClick={() => onChange(tab.key)}
        >
          {tab.title}
        </View>
      ))}
    </View>
  )
}
