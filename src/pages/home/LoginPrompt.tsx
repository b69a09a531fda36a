import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useMessages } from '../../i18n/messages'
import { HOME_PAGE, LOGIN_PAGE } from '../../platform/navigation'
import { homeMessages } from './messages'
import './LoginPrompt.scss'

/** What logged-out users see where their accounts and orders would be. */
export default function LoginPrompt() {
  const m = useMessages(homeMessages)
  return (
    <View className='lp-login-prompt'>
      <View className='lp-login-prompt__body'>
        <Text className='lp-login-prompt__title'>{m('loginTitle')}</Text>
        <Text className='lp-login-prompt__text'>{m('loginText')}</Text>
      </View>
      <View
        className='lp-login-prompt__button'
        role='button'
        tabIndex={0}
        onClick={() => void Taro.navigateTo({ url: `${LOGIN_PAGE}?redirect=${encodeURIComponent(HOME_PAGE)}` })}
      >
        {m('loginNow')}
      </View>
    </View>
  )
}
