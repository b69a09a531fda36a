import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { useMessages } from '../../../i18n/messages'
import { redirectToLogin } from '../../../platform/navigation'
import { selectIsLoggedIn, useLifePayStore } from '../../../stores/lifePay'
import { accountMessages } from '../messages'
import './LoginRequired.scss'

/** Saved accounts belong to a user: logged out, the page asks for login and comes back here afterwards. */
export default function LoginRequired({ children }: { children?: ReactNode }) {
  const m = useMessages(accountMessages)
  const loggedIn = useLifePayStore(selectIsLoggedIn)
  if (loggedIn) return <>{children}</>
  return (
    <View className='lp-account-login'>
      <Text className='lp-account-login__text'>{m('loginRequired')}</Text>
      <View className='lp-account-login__button' role='button' onClick={redirectToLogin}>
        {m('login')}
      </View>
    </View>
  )
}
