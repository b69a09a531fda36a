import { Text, View } from '@tarojs/components'
import defaultAvatar from '../../assets/avatar/default-avatar.png'
import { maskPhone } from '@domain/mask'
import { useMessages } from '../../i18n/messages'
import type { UserDetail } from '../../stores/session'
import { mineMessages } from './messages'
import DecorativeImage from '../../components/DecorativeImage'
import './MineHeader.scss'

interface MineHeaderProps {
  loggedIn: boolean
  phoneNumber: string
  /** Present after a full login; a phone-code (virtual) login has none. */
  userDetail: UserDetail | null
  onLogin: () => void
}

/** Who is logged in: avatar and masked phone number; a clear way to log in when nobody is. */
export default function MineHeader({ loggedIn, phoneNumber, userDetail, onLogin }: MineHeaderProps) {
  const m = useMessages(mineMessages)
  // Bundled, so it shows in every host without a network; the user's own picture when they have one.
  const avatar = userDetail?.originalAvatarUrl ? userDetail.avatarUrl : defaultAvatar
  const masked = maskPhone(phoneNumber)
  const name =
    userDetail?.userName && !userDetail.userName.includes(phoneNumber) && userDetail.userName !== masked
      ? userDetail.userName
      : ''
  return (
    <View className='lp-mine-header'>
      <DecorativeImage className='lp-mine-header__avatar' src={avatar} mode='aspectFill' />
      {loggedIn ? (
        <View className='lp-mine-header__who'>
          <Text className='lp-mine-header__phone'>{masked}</Text>
          {name ? <Text className='lp-mine-header__name'>{name}</Text> : null}
        </View>
      ) : (
        <View className='lp-mine-header__who' role='button' tabIndex={0} onClick={onLogin}>
          <Text className='lp-mine-header__login'>{m('loginOrRegister')}</Text>
          <Text className='lp-mine-header__name'>{m('loginHint')}</Text>
        </View>
      )}
    </View>
  )
}
