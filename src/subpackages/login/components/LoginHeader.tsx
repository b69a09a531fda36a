import { Text, View } from '@tarojs/components'
import logo from '../assets/logo.png'
import { useMessages } from '../../../i18n/messages'
import { loginMessages } from '../messages'
import DecorativeImage from '../../../components/DecorativeImage'
import './LoginHeader.scss'

/** The brand at the top of the login pages, and a word for users who came from a referral code. */
export default function LoginHeader({ referral = false }: { referral?: boolean }) {
  const m = useMessages(loginMessages)
  return (
    <View className='lp-login-header'>
      <DecorativeImage className='lp-login-header__logo' src={logo} mode='aspectFit' />
      <Text className='lp-login-header__title'>{m('welcome')}</Text>
      <Text className='lp-login-header__tagline'>{m('tagline')}</Text>
      {referral ? <Text className='lp-login-header__referral'>{m('referral')}</Text> : null}
    </View>
  )
}
