import type { RechargeRequest } from '../../providers/supplier'
import type { OrderRow } from './orderView'

/** What the supplier is handed for a paid order, by the single path (fulfilment.ts) and a batch (submissionBatch). */
export function rechargeRequestOf(order: OrderRow): RechargeRequest {
  return {
    orderNo: order.orderNo,
    lifePayOrderType: order.lifePayOrderType,
    account: order.account,
    parValueFen: order.parValueFen,
    ispCode: order.ispCode,
    electricType: order.electricType,
    gasOrgType: order.gasOrgType,
  }
}
