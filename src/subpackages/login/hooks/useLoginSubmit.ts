import { useRef, useState } from 'react'
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

/** A login form's submit: fields valid, the policies agreed to, one call per login, then back to where the user was. */
export function useLoginSubmit({ validateAll, call, successText, failureText, redirect }: LoginSubmitOptions) {
  const m = useMessages(loginMessages)
  const [agreed, setAgreed] = useState(false)
  const [busy, setBusy] = useState(false)
  const inFlight = useRef(false)
  const unlock = () => {
    inFlight.current = false
    setBusy(false)
  }

  const submit = async () => {
    if (inFlight.current || !validateAll()) return
    if (!agreed) {
      showToast('warning', m('consentRequired'))
      return
    }
    inFlight.current = true
    setBusy(true)
    try {
      await call()
    } catch (error) {
      if (failureText || isChunkLoadFailure(error)) showToast('error', loginErrorText(error, failureText ?? ''))
      unlock()
      return
    }
    showToast('success', successText)
    // Logged in, the form stays locked while the page leaves: H5's navigation answers before the page has gone, and a
    // tap in between logged in again with the code just used (and said it was wrong). A failed navigation unlocks it.
    await leaveLogin(redirect).catch(unlock)
  }
  return { agreed, setAgreed, busy, submit }
}

export type LoginSubmit = ReturnType<typeof useLoginSubmit>
