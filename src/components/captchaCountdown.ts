import { useCallback, useEffect, useRef, useState } from 'react'
import { CAPTCHA_COUNTDOWN_S } from '@domain/constants'

/** SPEC §4 captcha button states. */
export type CaptchaState = 'idle' | 'sending' | 'counting'

export interface CaptchaCountdown {
  /** The state for the number now in the field: a countdown belongs to the number whose code it waits for. */
  state: CaptchaState
  /** Whole seconds left while counting. */
  remaining: number
  /**
   * Runs `sender` for the current number unless busy; counts down from `countDown` for that number when it
   * succeeds, back to idle when it fails (rethrown).
   */
  send: (sender: () => Promise<unknown>) => Promise<void>
}

/**
 * Loading while sending, then a countdown ticking each second, per phone number (as the server's resend interval
 * is): typing another number offers a code for it at once, and going back to the first shows its countdown again.
 */
export function useCaptchaCountdown(phoneNumber: string, countDown: number = CAPTCHA_COUNTDOWN_S): CaptchaCountdown {
  const [sending, setSending] = useState(false)
  const sendingRef = useRef(false)
  // Measured against deadlines: a mini-program in the background pauses timers, the clock keeps going.
  const deadlines = useRef(new Map<string, number>())
  const [now, setNow] = useState(() => Date.now())

  const deadline = deadlines.current.get(phoneNumber) ?? 0
  const remaining = Math.max(0, Math.ceil((deadline - now) / 1000))
  const state: CaptchaState = sending ? 'sending' : remaining > 0 ? 'counting' : 'idle'

  useEffect(() => {
    if (state !== 'counting') return undefined
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [state, phoneNumber])

  const send = useCallback(
    async (sender: () => Promise<unknown>) => {
      const sentTo = phoneNumber
      if (sendingRef.current || (deadlines.current.get(sentTo) ?? 0) > Date.now()) return
      sendingRef.current = true
      setSending(true)
      try {
        await sender()
        deadlines.current.set(sentTo, Date.now() + countDown * 1000)
      } finally {
        sendingRef.current = false
        setSending(false)
        setNow(Date.now())
      }
    },
    [countDown, phoneNumber],
  )

  return { state, remaining, send }
}
