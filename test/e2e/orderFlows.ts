import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import type { CreateLifePayOrderResult, LifePayOrderDetail } from '@contract/lifePay'
import { LifePayOrderStatus } from '@domain/lifePayStatus'
import { LifePayType } from '@domain/lifePayType'
import type { AppServer } from '../../scripts/lib/appServer'
import { DEV_OPERATOR_TOKEN } from '../../server/src/configSchema'
import { lifePayApi } from './session'

// Orders as the app places and pays them, through the API, for suites that need orders to look at.

/** An operator POST with the sandbox server's automation token; it must succeed. Answers its `data`. */
export async function operatorCall<T = unknown>(server: AppServer, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-operator-token': DEV_OPERATOR_TOKEN },
    body: JSON.stringify(body),
  })
  const envelope = (await res.json()) as { success: boolean; data: T; msg: string | null }
  assert.equal(envelope.success, true, `${path}: ${envelope.msg}`)
  return envelope.data
}

export const orderDetail = (server: AppServer, userId: string, orderNo: string) =>
  lifePayApi<LifePayOrderDetail>(
    server,
    userId,
    'GET',
    `/api/LifePay/GetUserLifePayOrderDetail?orderNo=${encodeURIComponent(orderNo)}`,
  )

/** A phone top-up order of `parValue` yuan to `phone` (China Mobile), unpaid. */
export async function placePhoneOrder(
  server: AppServer,
  userId: string,
  phone: string,
  parValue = 50,
  channelId?: string,
): Promise<CreateLifePayOrderResult> {
  return lifePayApi<CreateLifePayOrderResult>(server, userId, 'POST', '/api/LifePay/CreateLifePayPhoneOrder', {
    phone,
    ispCode: 'yidong',
    parValue,
    idempotencyKey: randomUUID(),
    ...(channelId ? { channelId } : {}),
  })
}

/** Pays through the sandbox cashier's dev route and waits for the supplier's answer (one of `until`). */
export async function payOrder(
  server: AppServer,
  userId: string,
  orderNo: string,
  until: LifePayOrderStatus[] = [LifePayOrderStatus.Completed],
): Promise<LifePayOrderDetail> {
  await lifePayApi(server, userId, 'POST', '/api/LifePay/GetPayOrderForJsAPI', {
    orderNo,
    lifePayType: LifePayType.WxPay,
  })
  await lifePayApi(server, userId, 'POST', '/api/dev/pay/confirm', { orderNo, deliveries: 1 })
  const deadline = Date.now() + 20_000
  for (;;) {
    const order = await orderDetail(server, userId, orderNo)
    if (until.includes(order.lifePayOrderStatus)) return order
    assert.ok(Date.now() < deadline, `order ${orderNo} stuck at ${order.payStatus}/${order.lifePayOrderStatus}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
