import { Button, Text, View } from '@tarojs/components'
import type { BaseEventOrig, ButtonProps } from '@tarojs/components'
import { useState } from 'react'
import { showToast } from '../../../components/toastStore'
import { useMessages } from '../../../i18n/messages'
import { usePlatformLogin } from '../hooks/usePlatformLogin'
import { completeFullLogin, leaveLogin } from '../loginActions'
import { loginErrorText } from '../loginErrorText'
import type { LoginContext } from '../loginContext'
import { loginMessages } from '../messages'
import { alipayEncryptedPhone, phoneAuthLogin, weappPhoneOf, type EncryptedPhone } from '../hostLogin'
import PolicyConsent from './PolicyConsent'
import './PlatformLogin.scss'

type Host = 'weapp' | 'alipay'

/** Mini-program login: the host's own login, then the phone-number authorisation button when it is not enough. */
export default function PlatformLogin({ host, context }: { host: Host; context: LoginContext }) {
  const m = useMessages(loginMessages)
  const { status, identity, prepare } = usePlatformLogin(context.uId)
  const [agreed, setAgreed] = useState(false)
  const [busy, setBusy] = useState(false)

  const finish = async (login: () => Promise<unknown>) => {
    setBusy(true)
    try {
      await login()
      showToast('success', m('loginSucceeded'))
      await leaveLogin(context.redirect)
    } catch (error) {
      showToast('error', loginErrorText(error, m('loginFailed')))
      // The session key may be what was refused: fetch a fresh one for the next try.
      void prepare()
    } finally {
      setBusy(false)
    }
  }

  const withPhone = (phone: EncryptedPhone) => {
    if (!identity) return
    void finish(async () => completeFullLogin(await phoneAuthLogin(identity, phone, context.uId)))
  }

  const onWeappPhone = (event: BaseEventOrig<ButtonProps.onGetPhoneNumberEventDetail>) => {
    const phone = weappPhoneOf(event.detail)
    if (phone) withPhone(phone)
    else showToast('warning', m('phoneAuthDenied'))
  }

  const onAlipayAuthorize = () => {
    alipayEncryptedPhone().then(withPhone, () => showToast('warning', m('phoneAuthDenied')))
  }

  const askConsent = () => showToast('warning', m('consentRequired'))

  let action
  if (status === 'preparing') {
    action = <View className='lp-platform__button lp-platform__button--busy'>{m('preparing')}</View>
  } else if (status === 'failed' || !identity) {
    action = (
      <View className='lp-platform__failed'>
        <Text className='lp-platform__failed-text'>{m('platformLoginFailed')}</Text>
        <View className='lp-platform__button' role='button' tabIndex={0} onClick={() => void prepare()}>
          {m('retry')}
        </View>
      </View>
    )
  } else if (busy) {
    action = <View className='lp-platform__button lp-platform__button--busy'>{m('loggingIn')}</View>
  } else if (!agreed) {
    // The host's authorisation sheet must not open before consent: a plain button until then.
    action = (
      <View className='lp-platform__button' role='button' tabIndex={0} onClick={askConsent}>
        {identity.token ? m(host === 'weapp' ? 'weappLogin' : 'alipayLogin') : m('phoneQuickLogin')}
      </View>
    )
  } else if (identity.token) {
    const token = identity.token
    action = (
      <View
        className='lp-platform__button'
        role='button'
        tabIndex={0}
        onClick={() => void finish(() => completeFullLogin(token))}
      >
        {m(host === 'weapp' ? 'weappLogin' : 'alipayLogin')}
      </View>
    )
  } else if (host === 'weapp') {
    action = (
      <Button className='lp-platform__button' openType='getPhoneNumber' onGetPhoneNumber={onWeappPhone}>
        {m('phoneQuickLogin')}
      </Button>
    )
  } else {
    action = (
      <Button
        className='lp-platform__button'
        openType='getAuthorize'
        scope='phoneNumber'
        onGetAuthorize={onAlipayAuthorize}
        onError={() => showToast('warning', m('phoneAuthDenied'))}
      >
        {m('phoneQuickLogin')}
      </Button>
    )
  }

  return (
    <View className='lp-platform'>
      {action}
      <PolicyConsent checked={agreed} onChange={setAgreed} />
    </View>
  )
}
