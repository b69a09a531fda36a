import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { ReactNode } from 'react'
import './LoginLinks.scss'

export interface LoginLink {
  text: string
  url: string
  /** Replace the current login page instead of stacking another one. */
  replace?: boolean
}

/** The ways to the other login pages, under a form. */
export default function LoginLinks({ title, links }: { title?: ReactNode; links: LoginLink[] }) {
  return (
    <View className='lp-login-links'>
      {title ? <Text className='lp-login-links__title'>{title}</Text> : null}
      <View className='lp-login-links__row'>
        {links.map((link) => (
          <View
            key={link.url}
            className='lp-login-links__link'
            role='link'
            tabIndex={0}
            onClick={() =>
              void (link.replace ? Taro.redirectTo({ url: link.url }) : Taro.navigateTo({ url: link.url }))
            }
          >
            {link.text}
          </View>
        ))}
      </View>
    </View>
  )
}
