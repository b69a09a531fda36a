import { formatFen } from '@domain/price'
import type { RechargeResult } from '../../providers/supplier'
import type { OrderRow } from './orderView'

// A supplier's word about a recharge (its callback, its order query) is believed only for the submission it belongs
// to (docs/supplier.md § Checks): the supplier order it accepted, the account we asked for, and a charge within the
// agreed band of the face value. A word that fails is recorded nowhere but the logs: it changes nothing.

/** The agreed charge for a top-up, in percent of its face value (SUPPLIER_MIN/MAX_COST_PERCENT). */
export interface CostBand {
  minPercent: number
  maxPercent: number
}

/**
 * Why `result` is not about this order's submission, or null when it is. `order.supplierOrderNo` is the supplier order
 * our accepted submission recorded; when none is recorded yet (the result overtook the submission's answer, or the
 * answer was lost) the result's is taken, and recorded with it.
 */
export function supplierAnswerMismatch(
  order: Pick<OrderRow, 'account' | 'parValueFen' | 'supplierOrderNo'>,
  result: Pick<RechargeResult, 'supplierOrderNo' | 'success' | 'account' | 'costFen'>,
  band: CostBand,
): string | null {
  if (order.supplierOrderNo !== null && order.supplierOrderNo !== result.supplierOrderNo) {
    return `supplier order ${result.supplierOrderNo} is not ${order.supplierOrderNo}, the one it accepted`
  }
  if (result.account !== undefined && result.account !== null && result.account !== order.account) {
    return `account ${result.account} is not the order's ${order.account}`
  }
  // What a failure charged does not matter: nothing was delivered, the money goes back.
  if (!result.success || result.costFen === undefined || result.costFen === null) return null
  const face = formatFen(order.parValueFen)
  if (result.costFen * 100 > order.parValueFen * band.maxPercent) {
    return `charged ${formatFen(result.costFen)} for a ${face} top-up, above the agreed ${band.maxPercent}%`
  }
  if (result.costFen * 100 < order.parValueFen * band.minPercent) {
    return `charged ${formatFen(result.costFen)} for a ${face} top-up, below ${band.minPercent}%: not what we ordered`
  }
  return null
}
