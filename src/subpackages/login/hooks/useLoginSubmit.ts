import { useState } from 'react'
import { showToast } from '../../../components/toastStore'
import { useMessages } from '../../../i18n/messages'
import { isChunkLoadFailure } from '../../../platform/chunkLoad'
import { leaveLogin } from '../loginActions'
import { loginErrorText } from '../loginErrorText'
import { loginMessages } from '../messages'

interface LoginSubmitOptions {
  /** Checks every field (showing what is wrong); false stops the submit. */
  validateAll: () => boolean
  /** The login or register call. */
  call: () => Promise<unknown>
  successText: string
  /**
   * Toasted with the server's reason when the call fails; without it the request layer has said why (or, when the
   * call's code could not load, the page says the server did not answer).
   */
  failureText?: string
  redirect: string
}

/** A login form's submit: fields valid, the policies agreed to, one call at a time, then back to where the user was. */
export function useLoginSubmit({ validateAll, call, successText, failureText, redirect }: LoginSubmitOptions) {
  const m = useMessages(loginMessages)
  const [agreed, setAgreed] = useState(false)
  const [busy, setBusy] = useState(false)

  const submit = async () => {
    if (!validateAll()) return
    if (!agreed) {
      showToast('warning', m('consentRequired'))
      return
    }
    setBusy(true)
    try {
      await call()
      showToast('success', successText)
      await leaveLogin(redirect)
    } catch (error) {
      if (failureText || isChunkLoadFailure(error)) showToast('error', loginErrorText(error, failureText ?? ''))
    } finally {
      setBusy(false)
    }
  }
  return { agreed, setAgreed, busy, submit }
}

export type LoginSubmit = ReturnType<typeof useLoginSubmit>
