import { useDidHide } from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import type { CreateLifePayOrderResult } from '@contract/lifePay'
import { PAY_PAGE_OPEN_GRACE_MS } from '@domain/constants'
import { newIdempotencyKey } from '../../../services/api/idempotencyKey'
import type { CallOptions } from '../../../services/http/requestOptions'

export type CreateOrder<I extends { idempotencyKey: string }> = (
  input: I,
  options?: CallOptions,
) => Promise<CreateLifePayOrderResult>

// idle: the form takes a tap; creating: the create call is in flight; opening: the order is made and its pay page
// is opening.
type Phase = 'idle' | 'creating' | 'opening'

/**
 * Creates one order per confirmed form. Taps while a call is in flight are ignored, and any later call for the same
 * form resends the same idempotency key, so the server answers with the order it already made: a retry after a failure
 * (a timeout that may have reached the server), and a tap after a pay page that never opened.
 *
 * Once the order is made the form stays locked until the pay page has covered it (the page's hide): H5's
 * `navigateTo` resolves as the address changes, before the pay page's code has loaded, and a fast server answers
 * between the two taps of a double tap (the browser suite caught a second order that way). Covered, the form drops the
 * key: back on it, a tap is a new order. A pay page that fails to open (its navigation fails, or H5 could not load it
 * and went back) unlocks the form — at once, or after PAY_PAGE_OPEN_GRACE_MS — with the key kept.
 */
export function useOrderSubmit<I extends { idempotencyKey: string }>(createOrder: CreateOrder<I>) {
  const phase = useRef<Phase>('idle')
  const pendingKey = useRef<{ form: string; key: string } | undefined>(undefined)
  const grace = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const [submitting, setSubmitting] = useState(false)

  const unlock = () => {
    if (grace.current !== undefined) clearTimeout(grace.current)
    grace.current = undefined
    phase.current = 'idle'
    setSubmitting(false)
  }
  useDidHide(() => {
    if (phase.current !== 'opening') return
    pendingKey.current = undefined
    unlock()
  })
  useEffect(() => () => clearTimeout(grace.current), [])

  const submit = async (
    input: Omit<I, 'idempotencyKey'>,
    leave: (order: CreateLifePayOrderResult) => Promise<unknown>,
  ): Promise<CreateLifePayOrderResult | undefined> => {
    if (phase.current !== 'idle') return undefined
    phase.current = 'creating'
    setSubmitting(true)
    const form = JSON.stringify(input)
    if (pendingKey.current?.form !== form) pendingKey.current = { form, key: newIdempotencyKey() }
    let order: CreateLifePayOrderResult
    try {
      order = await createOrder({ ...input, idempotencyKey: pendingKey.current.key } as I)
    } catch (error) {
      unlock()
      throw error
    }
    phase.current = 'opening'
    const opened = await leave(order).then(
      () => true,
      () => false,
    )
    // Still opening: the page has not been covered yet (a mini-program hides it before navigateTo answers).
    if (phase.current === 'opening') {
      if (opened) grace.current = setTimeout(unlock, PAY_PAGE_OPEN_GRACE_MS)
      else unlock()
    }
    return order
  }

  return { submit, submitting }
}
