import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { LifePayOrderState } from '../../../../types/api/lifePay'
import { getPayStatusByOrderNo } from '../../../services/api/lifePay'
import { queryKeys } from '../../../services/queryKeys'
import { PAY_STATUS_BUDGET_MS, isPayStatusSettled, payStatusDelay } from './payStatusPolling'

export interface PayStatusPolling {
  state: LifePayOrderState | undefined
  /** The last read failed (the request layer said why). */
  failed: boolean
  /** Asked for the whole budget without a settled state. */
  timedOut: boolean
  /** Starts a fresh round of asking. */
  restart: () => void
}

/**
 * Asks GetPayStatusByOrderNo with back-off until the order settles or the budget runs out. Pauses while the page is
 * hidden and starts a fresh round when it shows again. Each new state refreshes the order queries that show it.
 */
export function usePayStatusPolling(orderNo: string, visible: boolean): PayStatusPolling {
  const queryClient = useQueryClient()
  const [state, setState] = useState<LifePayOrderState | undefined>(undefined)
  const [failed, setFailed] = useState(false)
  const [timedOut, setTimedOut] = useState(false)
  const [round, setRound] = useState(0)
  const lastKey = useRef('')

  useEffect(() => {
    if (!visible || !orderNo) return undefined
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const startedAt = Date.now()
    setTimedOut(false)

    const ask = async (attempt: number) => {
      let settled = false
      try {
        const next = await getPayStatusByOrderNo({ orderNo }, { showLoading: false, skipErrorHandler: true })
        if (stopped) return
        setState(next)
        setFailed(false)
        settled = isPayStatusSettled(next)
        const key = `${next.payStatus}/${next.lifePayOrderStatus}`
        if (key !== lastKey.current) {
          lastKey.current = key
          void queryClient.invalidateQueries({ queryKey: queryKeys.ordersRoot })
        }
      } catch {
        if (stopped) return
        setFailed(true)
      }
      if (settled) return
      const delay = payStatusDelay(attempt)
      if (Date.now() - startedAt + delay > PAY_STATUS_BUDGET_MS) {
        setTimedOut(true)
        return
      }
      timer = setTimeout(() => void ask(attempt + 1), delay)
    }
    void ask(0)
    return () => {
      stopped = true
      if (timer) clearTimeout(timer)
    }
  }, [orderNo, visible, round, queryClient])

  const restart = useCallback(() => setRound((r) => r + 1), [])
  return { state, failed, timedOut, restart }
}
