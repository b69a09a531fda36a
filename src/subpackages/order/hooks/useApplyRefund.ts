import { useMutation } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { refundUserLifePayOrderMutationOptions } from '../../../services/api/orders'
import type { RefundUserLifePayOrderInput } from '@contract/lifePay'

/** The application's reason: its code and the remark that says it in words. */
type RefundApplication = Omit<RefundUserLifePayOrderInput, 'id' | 'userId'>

/**
 * RefundUserLifePayOrder, sent at most once at a time: `begin` claims the single attempt (a second tap, or a tap
 * while the confirmation is open, gets false), `release` gives it back when the user cancels. A failed call gives it
 * back; an accepted one keeps it, so the form can never send again.
 */
export function useApplyRefund() {
  const claimed = useRef(false)
  const [busy, setBusy] = useState(false)
  const mutation = useMutation(refundUserLifePayOrderMutationOptions)

  const begin = (): boolean => {
    if (claimed.current) return false
    claimed.current = true
    setBusy(true)
    return true
  }
  const release = (): void => {
    claimed.current = false
    setBusy(false)
  }
  /** `orderId`: the order's id (its detail's `id`), which production's RefundUserLifePayOrder names it by. */
  const submit = async (orderId: string, application: RefundApplication): Promise<void> => {
    try {
      await mutation.mutateAsync({ id: orderId, ...application })
    } catch (error) {
      release()
      throw error
    }
  }
  return { begin, release, submit, busy, sending: mutation.isPending }
}
