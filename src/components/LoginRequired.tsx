import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { useMessages, type Messages } from '../i18n/messages'
import { redirectToLogin } from '../platform/navigation'
import { selectIsLoggedIn, useLifePayStore } from '../stores/lifePay'
import './LoginRequired.scss'

/** A user's own pages: logged out, the page asks for login (in the feature's words) and comes back here afterwards. */
export default function LoginRequired({
  messages,
  children,
}: {
  messages: Messages<'loginRequired' | 'login'>
  children?: ReactNode
}) {
  const m = useMessages(messages)
  const loggedIn = useLifePayStore(selectIsLoggedIn)
  if (loggedIn) return <>{children}</>
  return (
    <View className='lp-login-required'>
      <Text className='lp-login-required__text'>{m('loginRequired')}</Text>
      <View className='lp-login-required__button' role='button' tabIndex={0} onClick={redirectToLogin}>
        {m('login')}
      </View>
    </View>
  )
}
