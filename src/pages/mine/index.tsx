import { View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect } from 'react'
import accountsIcon from '../../assets/mine/accounts.png'
import agreementIcon from '../../assets/mine/agreement.png'
import languageIcon from '../../assets/mine/language.png'
import ordersIcon from '../../assets/mine/orders.png'
import privacyIcon from '../../assets/mine/privacy.png'
import remindersIcon from '../../assets/mine/reminders.png'
import { confirm } from '../../components/dialogStore'
import PageFrame from '../../components/PageFrame'
import { useMessages } from '../../i18n/messages'
import { logOut } from '../../hooks/logout'
import { LOGIN_PAGE } from '../../platform/navigation'
import { useTabPage } from '../../platform/useTabPage'
import { pagePath, TAB_PAGES } from '../../routes'
import { refreshUserDetail } from '../../hooks/fullLogin'
import { selectIsLoggedIn, useLifePayStore } from '../../stores/lifePay'
import { hasFullLogin, useSessionStore } from '../../stores/session'
import LanguageSwitch from './LanguageSwitch'
import MenuItem from './MenuItem'
import MineHeader from './MineHeader'
import { mineMessages } from './messages'
import './index.scss'
// Calls the server (without react-query): the request layer, wired to the app's UI.
import '../../appHttp'

const MINE_PAGE = `/${TAB_PAGES[1]}`

function loginUrl(redirect: string): string {
  return `${LOGIN_PAGE}?redirect=${encodeURIComponent(redirect)}`
}

export default function Mine() {
  useTabPage(1)
  const m = useMessages(mineMessages)
  const loggedIn = useLifePayStore(selectIsLoggedIn)
  const phoneNumber = useLifePayStore((s) => s.phoneNumber)
  const userDetail = useSessionStore((s) => s.userDetail)

  useEffect(() => {
    // A full login's details (avatar, name) are fetched once per run of the app.
    const session = useSessionStore.getState()
    if (hasFullLogin(session) && session.firstGetUserDetail) void refreshUserDetail().catch(() => undefined)
  }, [loggedIn])

  // Pages that need a user: straight to login when there is none, then on to the page.
  const open = (page: string, needsLogin: boolean) => () => {
    const url = pagePath(page)
    void Taro.navigateTo({ url: needsLogin && !loggedIn ? loginUrl(url) : url })
  }

  const logout = () => {
    confirm({ title: m('logoutTitle'), content: m('logoutContent'), confirmText: m('logoutConfirm') }).then(
      () => void logOut(),
      // Cancelled (DialogCancelled): stay logged in.
      () => undefined,
    )
  }

  return (
    <PageFrame titleKey='page.mine' showBack={false}>
      <MineHeader
        loggedIn={loggedIn}
        phoneNumber={phoneNumber}
        userDetail={userDetail}
        onLogin={() => void Taro.navigateTo({ url: loginUrl(MINE_PAGE) })}
      />
      <View className='lp-mine__card lp-mine__card--first'>
        <MenuItem icon={ordersIcon} title={m('myOrders')} onClick={open('order', true)} />
        <MenuItem icon={accountsIcon} title={m('savedAccounts')} onClick={open('userAccountList', true)} />
        <MenuItem icon={remindersIcon} title={m('reminders')} onClick={open('reminderList', true)} />
      </View>
      <View className='lp-mine__card'>
        <MenuItem icon={agreementIcon} title={m('userAgreement')} onClick={open('mineUserPolicy', false)} />
        <MenuItem icon={privacyIcon} title={m('privacyPolicy')} onClick={open('privacyPolicy', false)} />
        <MenuItem icon={languageIcon} title={m('language')} extra={<LanguageSwitch label={m('language')} />} />
      </View>
      {loggedIn ? (
        <View className='lp-mine__logout' role='button' tabIndex={0} onClick={logout}>
          {m('logout')}
        </View>
      ) : null}
    </PageFrame>
  )
}
