import { useCallback, useEffect, useRef, useState } from 'react'
import { CAPTCHA_COUNTDOWN_S } from '../domain/constants'

/** SPEC §4 captcha button states. */
export type CaptchaState = 'idle' | 'sending' | 'counting'

export interface CaptchaCountdown {
  state: CaptchaState
  /** Whole seconds left while counting. */
  remaining: number
  /**
   * Runs `sender` unless busy; counts down from `countDown` when it succeeds, back to idle when it fails (rethrown).
   */
  send: (sender: () => Promise<unknown>) => Promise<void>
}

/** Loading while sending, then a countdown ticking each second; a failure stops it. */
export function useCaptchaCountdown(countDown: number = CAPTCHA_COUNTDOWN_S): CaptchaCountdown {
  const [state, setState] = useState<CaptchaState>('idle')
  const [remaining, setRemaining] = useState(0)
  const stateRef = useRef<CaptchaState>('idle')
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined)

  const moveTo = useCallback((next: CaptchaState, seconds: number) => {
    stateRef.current = next
    setState(next)
    setRemaining(seconds)
  }, [])

  const stopTimer = useCallback(() => {
    if (timer.current !== undefined) clearInterval(timer.current)
    timer.current = undefined
  }, [])

  useEffect(() => stopTimer, [stopTimer])

  const send = useCallback(
    async (sender: () => Promise<unknown>) => {
      if (stateRef.current !== 'idle') return
      moveTo('sending', 0)
      try {
        await sender()
      } catch (error) {
        moveTo('idle', 0)
        throw error
      }
      // Measured against a deadline: a mini-program in the background pauses timers, the clock keeps going.
      const deadline = Date.now() + countDown * 1000
      moveTo('counting', countDown)
      stopTimer()
      timer.current = setInterval(() => {
        const left = Math.ceil((deadline - Date.now()) / 1000)
        if (left > 0) {
          setRemaining(left)
          return
        }
        stopTimer()
        moveTo('idle', 0)
      }, 1000)
    },
    [countDown, moveTo, stopTimer],
  )

  return { state, remaining, send }
}
