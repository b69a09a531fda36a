import { useRef, useState } from 'react'
import type { CreateLifePayOrderResult } from '../../../../types/api/lifePay'
import { newIdempotencyKey } from '../../../services/api/idempotencyKey'
import type { CallOptions } from '../../../services/http/requestOptions'

export type CreateOrder<I extends { idempotencyKey: string }> = (
  input: I,
  options?: CallOptions,
) => Promise<CreateLifePayOrderResult>

/**
 * Creates one order per confirmed form: taps while a call is in flight are ignored, and a retry of the same form after
 * a failure (e.g. a timeout that may have reached the server) resends the same idempotency key, so the server answers
 * with the order it already made. A changed form, or a new order after a success, gets a new key.
 *
 * `leave` (the navigation to the pay page) runs inside the same lock: a fast server can answer between the two taps of
 * a double tap, and the second tap must not land on the form before the pay page has covered it.
 */
export function useOrderSubmit<I extends { idempotencyKey: string }>(createOrder: CreateOrder<I>) {
  const inFlight = useRef(false)
  const pendingKey = useRef<{ form: string; key: string } | undefined>(undefined)
  const [submitting, setSubmitting] = useState(false)

  const submit = async (
    input: Omit<I, 'idempotencyKey'>,
    leave: (order: CreateLifePayOrderResult) => Promise<unknown>,
  ): Promise<CreateLifePayOrderResult | undefined> => {
    if (inFlight.current) return undefined
    inFlight.current = true
    setSubmitting(true)
    const form = JSON.stringify(input)
    if (pendingKey.current?.form !== form) pendingKey.current = { form, key: newIdempotencyKey() }
    try {
      const order = await createOrder({ ...input, idempotencyKey: pendingKey.current.key } as I)
      pendingKey.current = undefined
      // Whether the navigation succeeds or not, the form unlocks once it has ended.
      await leave(order).catch(() => undefined)
      return order
    } finally {
      inFlight.current = false
      setSubmitting(false)
    }
  }

  return { submit, submitting }
}
