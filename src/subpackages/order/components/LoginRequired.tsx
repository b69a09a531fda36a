import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { useMessages } from '../../../i18n/messages'
import { redirectToLogin } from '../../../platform/navigation'
import { selectIsLoggedIn, useLifePayStore } from '../../../stores/lifePay'
import { orderMessages } from '../messages'
import './LoginRequired.scss'

/** Orders belong to a user: logged out, the page asks for login and comes back here afterwards. */
export default function LoginRequired({ children }: { children?: ReactNode }) {
  const m = useMessages(orderMessages)
  const loggedIn = useLifePayStore(selectIsLoggedIn)
  if (loggedIn) return <>{children}</>
  return (
    <View className='lp-login-required'>
      <Text className='lp-login-required__text'>{m('loginRequired')}</Text>
      <View className='lp-login-required__button' role='button' onClick={redirectToLogin}>
        {m('login')}
      </View>
    </View>
  )
}
