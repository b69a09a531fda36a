import Taro from '@tarojs/taro'
import { selectPayTypeUrl, type RechargeKind } from '../rechargeRoutes'
import { serverRefusal, type RefusedField } from './serverRefusal'
import { useEnsureLoggedIn } from './useEnsureLoggedIn'
import { useOrderSubmit, type CreateOrder } from './useOrderSubmit'

/**
 * Places the order of a checked form: the login page first when needed, one order per form, then the pay page. A
 * refusal is shown at the field it is about when the form has that field (`fields`), else in the form's banner.
 */
export function usePlaceOrder<I extends { idempotencyKey: string }>(
  createOrder: CreateOrder<I>,
  kind: RechargeKind,
  showRefusal: (errors: Partial<Record<RefusedField, string>>) => void,
  fields: readonly RefusedField[],
) {
  const ensureLoggedIn = useEnsureLoggedIn()
  const { submit, submitting } = useOrderSubmit(createOrder)
  const placeOrder = async (input: Omit<I, 'idempotencyKey'>) => {
    if (!ensureLoggedIn()) return
    try {
      const order = await submit(input)
      if (order) void Taro.navigateTo({ url: selectPayTypeUrl(order.orderNo, kind) })
    } catch (error) {
      const refusal = serverRefusal(error)
      if (refusal) showRefusal({ [fields.includes(refusal.field) ? refusal.field : 'form']: refusal.message })
    }
  }
  return { placeOrder, submitting }
}
