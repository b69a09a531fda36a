import { useQuery, useQueryClient, type QueryState } from '@tanstack/react-query'
import { useCallback, useEffect, useRef } from 'react'
import type { LifePayOrderState } from '@contract/lifePay'
import { getPayStatusByOrderNoQueryOptions, ordersKey } from '../../../services/api/orders'
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

/** One round of asking: when it began, and how many answers the query had had by then. */
interface Round {
  startedAt: number
  answersBefore: number
}

type StatusState = QueryState<LifePayOrderState, Error> | undefined

const answersOf = (state: StatusState) => (state ? state.dataUpdateCount + state.errorUpdateCount : 0)

/**
 * After the last answer: the wait before asking again, or why not to ask again. Decided from the answer's own time, so
 * the refetch timer and the page agree on it.
 */
function nextAsk(state: StatusState, round: Round): number | 'settled' | 'timedOut' | 'waiting' {
  if (state?.data && isPayStatusSettled(state.data)) return 'settled'
  const answers = answersOf(state) - round.answersBefore
  if (!state || answers <= 0) return 'waiting'
  const delay = payStatusDelay(answers - 1)
  const answeredAt = Math.max(state.dataUpdatedAt, state.errorUpdatedAt)
  return answeredAt - round.startedAt + delay > PAY_STATUS_BUDGET_MS ? 'timedOut' : delay
}

/**
 * Asks GetPayStatusByOrderNo with back-off (react-query's refetchInterval) until the order settles or the budget runs
 * out. Pauses while the page is hidden and starts a fresh round when it shows again. Each new state refreshes the
 * order queries that show it.
 */
export function usePayStatusPolling(orderNo: string, visible: boolean): PayStatusPolling {
  const queryClient = useQueryClient()
  const options = getPayStatusByOrderNoQueryOptions(orderNo)
  const round = useRef<Round | null>(null)
  const startRound = useCallback(() => {
    round.current = {
      startedAt: Date.now(),
      answersBefore: answersOf(queryClient.getQueryState(getPayStatusByOrderNoQueryOptions(orderNo).queryKey)),
    }
  }, [queryClient, orderNo])
  if (!round.current) startRound()

  const query = useQuery({
    ...options,
    // Showing again is a fresh round: enabling the query asks at once (its answer is never fresh).
    enabled: visible && orderNo !== '',
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchInterval: (current) => {
      const next = nextAsk(current.state, round.current as Round)
      return typeof next === 'number' ? next : false
    },
  })

  useEffect(() => {
    if (visible) startRound()
  }, [visible, startRound])

  const { payStatus, lifePayOrderStatus } = query.data ?? {}
  useEffect(() => {
    if (payStatus === undefined) return
    void queryClient.invalidateQueries({ queryKey: ordersKey })
  }, [payStatus, lifePayOrderStatus, queryClient])

  const { refetch } = query
  const restart = useCallback(() => {
    startRound()
    void refetch()
  }, [startRound, refetch])

  const state = queryClient.getQueryState(options.queryKey)
  return {
    state: query.data,
    failed: query.isError,
    timedOut: query.fetchStatus === 'idle' && nextAsk(state, round.current as Round) === 'timedOut',
    restart,
  }
}
