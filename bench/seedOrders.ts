import type { PageResult } from '@contract/envelope'
import type {
  CreateLifePayOrderResult,
  ElectricParValue,
  ElectricSupportArea,
  GasParValue,
  LifePayOrderDetail,
  LifePayOrderListItem,
  PhoneParValue,
} from '@contract/lifePay'
import { detectCarrier } from '@domain/carrier'
import { ElectricAccountType } from '@domain/electric'
import { LifePayOrderStatus, LifePayStatus } from '@domain/lifePayStatus'
import { LifePayType } from '@domain/lifePayType'
import { MAX_FACE_VALUE } from '@domain/constants'
import { VerificationCodeBusinessType } from '@domain/verificationCodePurpose'
import { apiCall } from './apiCall'

export interface SeededUser {
  userId: string
  phoneNumber: string
  /** Newest first, as the order page lists them. */
  orderNos: string[]
  /** A paid order (for GetPayStatusByOrderNo). */
  paidOrderNo: string
}

/** Logs a phone in as the app does (code from the sandbox SMS outbox): the user id of the virtual login. */
export async function loginByPhoneCode(
  baseUrl: string,
  smsCode: (phone: string) => Promise<string>,
  phoneNumber: string,
): Promise<string> {
  await apiCall(baseUrl, 'POST', '/api/Account/SendPhoneMessageCode', {
    phoneNumber,
    businessType: VerificationCodeBusinessType.LifePayPhoneCodeLogin,
  })
  const code = await smsCode(phoneNumber)
  return apiCall<string>(baseUrl, 'POST', '/api/Account/LifePayPhoneMesssageCodeLogin', { phoneNumber, code })
}

interface OrderRequest {
  path: string
  body: Record<string, unknown>
}

const pickFrom = <T>(items: readonly T[], n: number): T => items[n % items.length]
const offered = (values: number[]) => values.filter((value) => value <= MAX_FACE_VALUE)

/** What a varied history looks like: phone, electricity and gas top-ups over the catalogue the server offers. */
async function orderRequests(baseUrl: string, count: number, runId: string): Promise<OrderRequest[]> {
  const [phoneValues, areas, electricValues, gasValues] = await Promise.all([
    apiCall<PhoneParValue[]>(baseUrl, 'POST', '/api/LifePay/GetPhoneParValue', {}),
    apiCall<ElectricSupportArea[]>(baseUrl, 'POST', '/api/LifePay/GetElectricSupportArea', {}),
    apiCall<ElectricParValue[]>(baseUrl, 'POST', '/api/LifePay/GetElectricParValue', {}),
    apiCall<GasParValue[]>(baseUrl, 'POST', '/api/LifePay/GetGasParValue', {}),
  ])
  return Array.from({ length: count }, (_, n) => {
    const idempotencyKey = `bench-${runId}-${n}`
    if (n % 10 < 6) {
      // The sandbox supplier scripts outcomes by an account's last four digits
      // (server/src/providers/sandboxAccounts.ts): every 40th phone ends in 0000 and fails (then refunds
      // automatically); the others end in 1234…1433 and succeed.
      const lastFour = n % 40 === 7 ? '0000' : String(1234 + n).slice(-4)
      const phone = `${pickFrom(['139', '186', '133'], n)}${String(n).padStart(4, '0')}${lastFour}`
      const ispCode = detectCarrier(phone)
      const values = offered(phoneValues.find((p) => p.ispCode === ispCode)?.parValue ?? [])
      return {
        path: '/api/LifePay/CreateLifePayPhoneOrder',
        // China Telecom numbers name their holder (domain/orderRequirements.ts).
        body: {
          phone,
          ispCode,
          ...(ispCode === 'dianxin' ? { name: '张三' } : {}),
          parValue: pickFrom(values, n),
          idempotencyKey,
        },
      }
    }
    if (n % 10 < 8) {
      const area = pickFrom(areas, n)
      const values = offered(electricValues.find((v) => v.electricType === area.electricType)?.parValue ?? [])
      return {
        path: '/api/LifePay/CreateLifePayElectricOrder',
        body: {
          electricAccount: `51${String(n).padStart(6, '0')}${String(2345 + n).slice(-4)}`,
          electricType: area.electricType,
          electricAccountType: ElectricAccountType.House,
          province: area.provinceCode,
          city: area.cityCode,
          ...(area.needHolderName ? { name: '张三' } : {}),
          ...(area.electricType === 'nanwang' ? { sixID: '123456' } : {}),
          parValue: pickFrom(values, n),
          idempotencyKey,
        },
      }
    }
    const gas = pickFrom(gasValues, n)
    return {
      path: '/api/LifePay/CreateLifePayGasOrder',
      body: {
        gasAccount: `G${String(n).padStart(5, '0')}${String(3456 + n).slice(-4)}`,
        gasOrgType: gas.gasOrgType,
        province: '310000',
        city: '310100',
        parValue: pickFrom(offered(gas.parValue), n),
        idempotencyKey,
      },
    }
  })
}

async function inParallel<T>(
  items: T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++
        await work(items[index], index)
      }
    }),
  )
}

async function allOrders(baseUrl: string, userId: string): Promise<LifePayOrderListItem[]> {
  const orders: LifePayOrderListItem[] = []
  for (let pageIndex = 1; ; pageIndex++) {
    const page = await apiCall<PageResult<LifePayOrderListItem>>(
      baseUrl,
      'POST',
      '/api/LifePay/GetUserLifePayOrderPage',
      { pageIndex, pageSize: 100 },
      userId,
    )
    orders.push(...page.items)
    if (orders.length >= page.totalCount || page.items.length === 0) return orders
  }
}

// Paid and recharging, or failed and not yet refunded: the background jobs are still moving these on.
const inFlight = (o: LifePayOrderListItem) =>
  (o.payStatus === LifePayStatus.Paid && o.lifePayOrderStatus === LifePayOrderStatus.PendingConfirmation) ||
  (o.payStatus === LifePayStatus.PendingRefund && o.lifePayOrderStatus === LifePayOrderStatus.Failed)

/**
 * A user with `count` orders made through the API as the app makes them: two in three paid with the sandbox
 * cashier (the supplier then completes or fails them, a failure refunds automatically), a few refunds applied for,
 * the rest left unpaid. Returns once no order is still moving, so background jobs don't run during measurements.
 */
export async function seedUserWithOrders(
  baseUrl: string,
  smsCode: (phone: string) => Promise<string>,
  phoneNumber: string,
  count = 200,
): Promise<SeededUser> {
  const userId = await loginByPhoneCode(baseUrl, smsCode, phoneNumber)
  const requests = await orderRequests(baseUrl, count, phoneNumber)
  const created: string[] = []
  await inParallel(requests, 4, async (request, n) => {
    const { orderNo } = await apiCall<CreateLifePayOrderResult>(baseUrl, 'POST', request.path, request.body, userId)
    created[n] = orderNo
    if (n % 3 === 2) return
    const lifePayType = n % 2 ? LifePayType.AliPay : LifePayType.WxPay
    await apiCall(
      baseUrl,
      'POST',
      '/api/LifePay/GetPayOrderForJsAPI',
      { orderNo, lifePayType, openId: 'o_bench' },
      userId,
    )
    await apiCall(baseUrl, 'POST', '/api/dev/pay/confirm', { orderNo, deliveries: 1 })
  })

  const deadline = Date.now() + 60_000
  let orders = await allOrders(baseUrl, userId)
  while (orders.some(inFlight)) {
    if (Date.now() > deadline)
      throw new Error(`${orders.filter(inFlight).length} seeded orders were still in flight after 60 s`)
    await new Promise((resolve) => setTimeout(resolve, 300))
    orders = await allOrders(baseUrl, userId)
  }
  const completed = orders.filter((o) => o.lifePayOrderStatus === LifePayOrderStatus.Completed)
  for (const order of completed.filter((_, i) => i % 15 === 0)) {
    // Production's RefundUserLifePayOrder names the order by its id, which the detail carries.
    const { id } = await apiCall<LifePayOrderDetail>(
      baseUrl,
      'GET',
      `/api/LifePay/GetUserLifePayOrderDetail?orderNo=${encodeURIComponent(order.orderNo)}`,
      undefined,
      userId,
    )
    await apiCall(
      baseUrl,
      'POST',
      '/api/LifePay/RefundUserLifePayOrder',
      { id, refundApplyRemark: '充错号码了' },
      userId,
    )
  }
  if (orders.length !== count) throw new Error(`seeded ${orders.length} orders, expected ${count}`)
  const paid = completed.find((_, i) => i % 15 !== 0)
  if (!paid) throw new Error('no completed order among the seeded ones')
  return { userId, phoneNumber, orderNos: orders.map((o) => o.orderNo), paidOrderNo: paid.orderNo }
}
