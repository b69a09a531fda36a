import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { CreateLifePayOrderResult, LifePayOrderDetail, PayOrderForJsApi } from '@contract/lifePay'
import { CarrierCode } from '@domain/carrier'
import { LifePayType } from '@domain/lifePayType'
import { lifePayOrders } from '../../src/db/schema'
import type { SandboxPayment } from '../../src/providers/sandboxPayment'
import type { Caller, TestApp } from './testApp'

export function newKey(): string {
  return randomUUID()
}

export function createPhoneOrder(
  t: TestApp,
  caller: Caller,
  overrides: Record<string, unknown> = {},
): Promise<CreateLifePayOrderResult> {
  return t.data(
    t.post<CreateLifePayOrderResult>(
      '/api/LifePay/CreateLifePayPhoneOrder',
      { phone: '13812345678', ispCode: CarrierCode.Yidong, parValue: 100, idempotencyKey: newKey(), ...overrides },
      caller,
    ),
  )
}

/** GetPayOrderForJsAPI then the sandbox cashier's "pay" with the given number of notifications. */
export async function payInSandbox(
  t: TestApp,
  caller: Caller,
  orderNo: string,
  deliveries: 1 | 2 = 1,
  lifePayType = LifePayType.WxPay,
) {
  await t.data(t.post<PayOrderForJsApi>('/api/LifePay/GetPayOrderForJsAPI', { orderNo, lifePayType }, caller))
  return t.data(t.post<{ transactionId: string; deliveries: number }>('/api/dev/pay/confirm', { orderNo, deliveries }))
}

export function orderDetail(t: TestApp, caller: Caller, orderNo: string): Promise<LifePayOrderDetail> {
  return t.data(t.get<LifePayOrderDetail>(`/api/LifePay/GetUserLifePayOrderDetail?orderNo=${orderNo}`, caller))
}

export async function orderRow(t: TestApp, orderNo: string) {
  const [row] = await t.database.db.select().from(lifePayOrders).where(eq(lifePayOrders.orderNo, orderNo))
  return row
}

/** [payStatus, lifePayOrderStatus, frontStatus] of an order as its owner sees it. */
export async function stateOf(t: TestApp, caller: Caller, orderNo: string): Promise<[number, number, number | null]> {
  const state = await t.data(
    t.post<{ payStatus: number; lifePayOrderStatus: number; frontStatus: number | null }>(
      '/api/LifePay/GetPayStatusByOrderNo',
      { orderNo },
      caller,
    ),
  )
  return [state.payStatus, state.lifePayOrderStatus, state.frontStatus]
}

/** A WeChat Pay notification body for `orderNo`, paid now. */
export function paymentNotification(t: TestApp, orderNo: string, transactionId: string, amountFen = 9850): string {
  return JSON.stringify({
    orderNo,
    transactionId,
    lifePayType: LifePayType.WxPay,
    amountFen,
    paidAt: t.clock.now().toISOString(),
  })
}

/**
 * Posts a notification as the provider does: signed by the sandbox now unless `headers` are given (a stale or forged
 * signature), to the WeChat route unless `path` says otherwise.
 */
export function postPaymentNotification(
  t: TestApp,
  body: string,
  { headers, path = '/api/pay/notify/wxpay' }: { headers?: Record<string, string>; path?: string } = {},
) {
  const sandbox = t.app.ctx.sandboxes.payment as SandboxPayment
  return t.app.inject({ method: 'POST', url: path, payload: body, headers: headers ?? sandbox.signNotification(body) })
}

/** RefundUserLifePayOrder as production names the order: by its id (the detail's `id`), found here by its number. */
export async function applyForRefund(t: TestApp, caller: Caller, orderNo: string, fields: Record<string, unknown>) {
  const row = await orderRow(t, orderNo)
  return t.post<number>('/api/LifePay/RefundUserLifePayOrder', { id: row?.id ?? randomUUID(), ...fields }, caller)
}
