import { type LifePayFrontStatus, LifePayOrderStatus, LifePayStatus } from '@domain/lifePayStatus'
import { lifePayFrontStatusOf } from '@domain/orderDisplayStatus'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { LifePayType } from '@domain/lifePayType'
import type { PageResult } from '@contract/envelope'
import type { LifePayOrderDetail, LifePayOrderListItem } from '@contract/lifePay'

/** A paid, completed phone order; override what a test is about. */
export function orderDetail(overrides: Partial<LifePayOrderDetail> = {}): LifePayOrderDetail {
  const payStatus = overrides.payStatus ?? LifePayStatus.Paid
  const lifePayOrderStatus = overrides.lifePayOrderStatus ?? LifePayOrderStatus.Completed
  const frontStatus: LifePayFrontStatus | null = lifePayFrontStatusOf(payStatus, lifePayOrderStatus)
  return {
    orderNo: 'LP202605010001',
    lifePayOrderType: LifePayOrderType.Phone,
    account: '13812345678',
    parValue: 100,
    payAmount: 98.5,
    lifePayType: LifePayType.WxPay,
    creationTime: '2026-05-01T06:03:00.000Z',
    discountAmount: 1.5,
    rate: 98.5,
    ispCode: null,
    electricType: null,
    electricAccountType: null,
    gasOrgType: null,
    province: null,
    city: null,
    name: null,
    sixID: null,
    id: '00000000-0000-4000-8000-000000000001',
    payTime: '2026-05-01T06:04:00.000Z',
    finishTime: '2026-05-01T06:05:00.000Z',
    refundApplyTime: null,
    refundApplyRemark: null,
    refundTime: null,
    refundCheckRemark: null,
    expireTime: '2026-05-01T06:33:00.000Z',
    canApplyRefund: false,
    supplierOrderNo: null,
    expectedDeliveryTime: null,
    ...overrides,
    payStatus,
    lifePayOrderStatus,
    frontStatus,
  }
}

export function listItem(n: number, overrides: Partial<LifePayOrderListItem> = {}): LifePayOrderListItem {
  const {
    orderNo,
    lifePayOrderType,
    account,
    parValue,
    payAmount,
    lifePayType,
    creationTime,
    payStatus,
    lifePayOrderStatus,
    frontStatus,
  } = orderDetail({
    orderNo: `LP${String(n).padStart(6, '0')}`,
    account: `138000${String(n).padStart(5, '0')}`,
    ...overrides,
  })
  return {
    orderNo,
    lifePayOrderType,
    account,
    parValue,
    payAmount,
    lifePayType,
    creationTime,
    payStatus,
    lifePayOrderStatus,
    frontStatus,
    ...overrides,
  }
}

export function page(
  pageIndex: number,
  pageSize: number,
  totalCount: number,
  items: LifePayOrderListItem[],
): PageResult<LifePayOrderListItem> {
  return { pageIndex, pageSize, totalCount, items }
}
