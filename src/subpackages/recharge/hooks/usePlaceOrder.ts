import { useQueryClient } from '@tanstack/react-query'
import Taro from '@tarojs/taro'
import { useMessages } from '../../../i18n/messages'
import { selectPayTypeUrl, type RechargeKind } from '../../../routes'
import { ratesKey } from '../../../services/api/catalog'
import { isBizError } from '../../../services/http/bizError'
import { rechargeFormMessages } from '../formMessages'
import { duplicateGuardCall } from './duplicateGuard'
import { answerDuplicateGuard, prefetchDuplicateGuard } from './duplicateGuardAnswer'
import { serverRefusal, type RefusedField } from './serverRefusal'
import { useEnsureLoggedIn } from './useEnsureLoggedIn'
import { useOrderSubmit, type CreateOrder } from './useOrderSubmit'

// The fields a refusal can be shown at, per form; any other refusal goes to the form's banner.
const REFUSAL_FIELDS: Record<RechargeKind, readonly RefusedField[]> = {
  phone: ['faceValue'],
  electric: ['faceValue', 'region', 'grid', 'holderName'],
  gas: ['faceValue', 'region'],
}

export interface PlaceOrder {
  /** Checks the form and, when it is complete, places the order. */
  submit: () => Promise<void>
  submitting: boolean
}

/**
 * A top-up form's submit: `orderInput` checks the form (showing its errors) and gives the order, or undefined; then the
 * login page first when needed, one order per form, and the pay page; a server refusal is shown at its field, the
 * duplicate guard's in its dialog ("top up anyway" resends the order acknowledged).
 */
export function usePlaceOrder<I extends { idempotencyKey: string; confirmDuplicate?: boolean }>(
  createOrder: CreateOrder<I>,
  kind: RechargeKind,
  showRefusal: (errors: Partial<Record<RefusedField, string>>) => void,
  orderInput: () => Omit<I, 'idempotencyKey'> | undefined,
): PlaceOrder {
  const ensureLoggedIn = useEnsureLoggedIn()
  const queryClient = useQueryClient()
  const m = useMessages(rechargeFormMessages)
  const { submit: create, submitting } = useOrderSubmit<I>((input) => createOrder(input, duplicateGuardCall))
  const place = async (input: Omit<I, 'idempotencyKey'>): Promise<void> => {
    prefetchDuplicateGuard()
    try {
      await create(input, (order) => Taro.navigateTo({ url: selectPayTypeUrl(order.orderNo, kind) }))
    } catch (error) {
      const answer = await answerDuplicateGuard(error, m)
      if (answer === 'anyway') return place({ ...input, confirmDuplicate: true })
      if (answer) return
      // The form's price was not the server's: read the rates again, so the form shows the price the order would have.
      if (isBizError(error) && error.code === 'PRICE_CHANGED')
        void queryClient.invalidateQueries({ queryKey: ratesKey })
      const refusal = serverRefusal(error)
      if (refusal)
        showRefusal({ [REFUSAL_FIELDS[kind].includes(refusal.field) ? refusal.field : 'form']: refusal.message })
    }
  }
  const submit = async () => {
    const input = orderInput()
    if (input && ensureLoggedIn()) await place(input)
  }
  return { submit, submitting }
}
