import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { PassThrough } from 'node:stream'
import { after, before, describe, test } from 'node:test'
import ExcelJS from 'exceljs'
import type { OssSts } from '@contract/account'
import type { AuditEntry } from '@contract/operators'
import type { CreateLifePayOrderResult } from '@contract/lifePay'
import type {
  Dashboard,
  LifePayChannles,
  LifePayOrderListOutput,
  OrderTimeline,
  UserAccountOutput,
  UserListOutput,
} from '@contract/operator'
import type { PageOutput } from '@contract/pageModel'
import { ElectricAccountType, ElectricType } from '@domain/electric'
import { GasProvider } from '@domain/gas'
import { LifePayType } from '@domain/lifePayType'
import { RECHARGE_REFUNDABLE_AFTER_MINUTES } from '@domain/orderTransitions'
import { lifePayOrders } from '../src/db/schema'
import { orderExportCells, writeOrderExport } from '../src/modules/operator/orderExport'
import {
  applyForRefund,
  createPhoneOrder,
  newKey,
  orderDetail,
  orderRow,
  payInSandbox,
  stateOf,
} from './support/orderFlows'
import { TINY_PNG, uploadToSandbox } from './support/ossUpload'
import { createTestApp, type Caller, type TestApp } from './support/testApp'
import { waitFor } from './support/waitFor'

// The operator API under the production back end's names (issue 19): each route through the app, as a console
// would call it with the operator token.

let t: TestApp
let alice: Caller & { userId: string }
let bob: Caller & { userId: string }
let operator: Caller
before(async () => {
  t = await createTestApp()
  const a = await t.register('13500000011')
  const b = await t.register('13600000022')
  alice = { token: a.accessToken, userId: a.userId }
  bob = { token: b.accessToken, userId: b.userId }
  operator = { headers: { 'x-operator-token': t.config.operatorToken } }
})
after(() => t.close())

type OrderPage = PageOutput<LifePayOrderListOutput>

const orderPage = (body: Record<string, unknown>, pageModel: Record<string, unknown> = { rows: 50, page: 1 }) =>
  t.data(t.post<OrderPage>('/api/LifePay/GetLifePayOrderPage', { pageModel, ...body }, operator))

const orderNos = async (body: Record<string, unknown>) => (await orderPage(body)).data.map((item) => item.orderNo)

/** 0009: the sandbox supplier never accepts it, so it stays paid and unfinished. */
function electricOrder(caller: Caller) {
  return t.data(
    t.post<CreateLifePayOrderResult>(
      '/api/LifePay/CreateLifePayElectricOrder',
      {
        electricAccount: '3100123450009',
        electricType: ElectricType.Guowang,
        electricAccountType: ElectricAccountType.House,
        province: '310000',
        city: '310100',
        parValue: 200,
        idempotencyKey: newKey(),
      },
      caller,
    ),
  )
}

function gasOrder(caller: Caller) {
  return t.data(
    t.post<CreateLifePayOrderResult>(
      '/api/LifePay/CreateLifePayGasOrder',
      {
        gasAccount: '88001234',
        gasOrgType: GasProvider.XinAo,
        province: '310000',
        city: '310100',
        parValue: 100,
        idempotencyKey: newKey(),
      },
      caller,
    ),
  )
}

/** Paid, put to the supplier, and (when `deliver`) delivered after `deliverAfterMs`. */
async function pay(orderNo: string, caller: Caller, lifePayType = LifePayType.WxPay) {
  await payInSandbox(t, caller, orderNo, 1, lifePayType)
  await t.app.jobs.drain()
}

async function deliver(afterMs = 1500) {
  t.clock.advance(afterMs)
  await t.app.jobs.drain()
}

const fixture = {} as Record<'delivered' | 'electric' | 'unpaid' | 'failed', string>

describe('GetLifePayOrderPage', () => {
  before(async () => {
    fixture.delivered = (await createPhoneOrder(t, alice)).orderNo
    await pay(fixture.delivered, alice)
    await deliver()
    t.clock.advance(60_000)
    fixture.electric = (await electricOrder(alice)).orderNo
    await pay(fixture.electric, alice, LifePayType.AliPay)
    t.clock.advance(60_000)
    fixture.unpaid = (await gasOrder(bob)).orderNo
    t.clock.advance(60_000)
    fixture.failed = (await createPhoneOrder(t, bob, { phone: '13912340000' })).orderNo
    await pay(fixture.failed, bob)
    await deliver()
    await t.app.jobs.drain()
  })

  test('the states the fixture needs', async () => {
    assert.deepEqual((await stateOf(t, alice, fixture.delivered)).slice(0, 2), [20, 30])
    assert.deepEqual((await stateOf(t, alice, fixture.electric)).slice(0, 2), [20, 10])
    assert.deepEqual((await stateOf(t, bob, fixture.unpaid)).slice(0, 2), [10, 10])
    assert.deepEqual((await stateOf(t, bob, fixture.failed)).slice(0, 2), [40, 50])
  })

  test('no filter: every order, newest first, with the production field names', async () => {
    const page = await orderPage({})
    assert.deepEqual(
      page.data.map((item) => item.orderNo),
      [fixture.failed, fixture.unpaid, fixture.electric, fixture.delivered],
    )
    assert.deepEqual(page.pageModel, { rows: 50, page: 1, totalCount: 4, totalPage: 1 })
    assert.equal(page.objectData, null)
    const delivered = page.data[3]
    const row = await orderRow(t, fixture.delivered)
    assert.deepEqual(
      {
        id: delivered.id,
        userId: delivered.userId,
        phoneNumber: delivered.phoneNumber,
        account: delivered.account,
        rechargeAmount: delivered.rechargeAmount,
        discountAmount: delivered.discountAmount,
        payAmount: delivered.payAmount,
        lifePayType: delivered.lifePayType,
        outOrderNo: delivered.outOrderNo,
        acoolyOrderNo: delivered.acoolyOrderNo,
        payTime: delivered.payTime,
        finishTime: delivered.finishTime,
        refundCredentialsImgUrl: delivered.refundCredentialsImgUrl,
      },
      {
        id: row.id,
        userId: alice.userId,
        phoneNumber: '13500000011',
        account: '13812345678',
        rechargeAmount: 100,
        discountAmount: 1.5,
        payAmount: 98.5,
        lifePayType: LifePayType.WxPay,
        outOrderNo: row.transactionId,
        acoolyOrderNo: row.supplierOrderNo,
        payTime: row.payTime?.toISOString(),
        finishTime: row.finishTime?.toISOString(),
        refundCredentialsImgUrl: null,
      },
    )
    assert.ok(delivered.outOrderNo && delivered.acoolyOrderNo)
  })

  test('each filter on its own', async () => {
    const delivered = await orderRow(t, fixture.delivered)
    const electric = await orderRow(t, fixture.electric)
    const expectations: [Record<string, unknown>, string[]][] = [
      [{ lifePayOrderType: 20 }, [fixture.electric]],
      [{ lifePayOrderType: 10 }, [fixture.failed, fixture.delivered]],
      [{ lifePayType: 20 }, [fixture.electric]],
      [{ payStatus: 10 }, [fixture.unpaid]],
      [{ payStatus: 40 }, [fixture.failed]],
      [{ lifePayOrderStatus: 30 }, [fixture.delivered]],
      [{ lifePayOrderStatus: 10 }, [fixture.unpaid, fixture.electric]],
      [{ userId: bob.userId }, [fixture.failed, fixture.unpaid]],
      [{ keyWords: fixture.electric }, [fixture.electric]],
      [{ keyWords: '3100123' }, [fixture.electric]],
      [{ keyWords: '5678' }, [fixture.delivered]],
      [{ keyWords: '13600000022' }, [fixture.failed, fixture.unpaid]],
      [{ keyWords: '%' }, []],
      [{ beginPayTime: electric.payTime?.toISOString() }, [fixture.failed, fixture.electric]],
      [{ endPayTime: electric.payTime?.toISOString() }, [fixture.electric, fixture.delivered]],
      [
        { beginPayTime: electric.payTime?.toISOString(), endPayTime: electric.payTime?.toISOString() },
        [fixture.electric],
      ],
      [{ endFinishTime: delivered.finishTime?.toISOString() }, [fixture.delivered]],
      [{ beginFinishTime: delivered.finishTime?.toISOString() }, [fixture.delivered]],
      [{ beginFinishTime: new Date(delivered.finishTime!.getTime() + 1).toISOString() }, []],
      [{ userId: alice.userId, lifePayType: 10, lifePayOrderStatus: 30 }, [fixture.delivered]],
    ]
    for (const [filter, expected] of expectations) {
      assert.deepEqual(await orderNos(filter), expected, JSON.stringify(filter))
    }
  })

  test('paging: totals, pages that do not overlap, a page past the end, and sorting by orderInput', async () => {
    const first = await orderPage({}, { rows: 3, page: 1 })
    const second = await orderPage({}, { rows: 3, page: 2 })
    assert.deepEqual(first.pageModel, { rows: 3, page: 1, totalCount: 4, totalPage: 2 })
    assert.deepEqual(
      [...first.data, ...second.data].map((item) => item.orderNo),
      [fixture.failed, fixture.unpaid, fixture.electric, fixture.delivered],
    )
    const past = await orderPage({}, { rows: 3, page: 5 })
    assert.deepEqual([past.data, past.pageModel.totalCount], [[], 4])
    const filtered = await orderPage({ userId: bob.userId }, { rows: 1, page: 2 })
    assert.deepEqual([filtered.data.map((i) => i.orderNo), filtered.pageModel.totalPage], [[fixture.unpaid], 2])
    const byAmount = await orderPage({}, { rows: 10, page: 1, orderInput: [{ property: 'payAmount', order: 1 }] })
    assert.equal(byAmount.data[0].orderNo, fixture.electric)
    assert.deepEqual(
      byAmount.pageModel.orderInput,
      [{ property: 'payAmount', order: 1 }],
      'the sort echoed, as production',
    )
    const badSort = await t.post(
      '/api/LifePay/GetLifePayOrderPage',
      { pageModel: { rows: 10, page: 1, orderInput: [{ property: 'password', order: 0 }] } },
      operator,
    )
    assert.equal(badSort.body.error, 'VALIDATION_FAILED')
    assert.equal(
      (await t.post('/api/LifePay/GetLifePayOrderPage', { pageModel: { rows: 0, page: 1 } }, operator)).body.error,
      'VALIDATION_FAILED',
    )
  })

  test('operator token required, on every operator route', async () => {
    const calls: [string, string][] = [
      ['POST', '/api/LifePay/GetLifePayOrderPage'],
      ['POST', '/api/LifePay/GetLifePayOrderPageExport'],
      ['POST', '/api/LifePay/RefundLifePayOrder'],
      ['POST', '/api/LifePay/RejectRefundLifePayOrder'],
      ['POST', '/api/LifePay/CreateEditLifePayRate'],
      ['POST', '/api/LifePay/GetLifePayChannlesPage'],
      ['GET', '/api/LifePay/GetLifePayChannlesDto?id=promo'],
      ['POST', '/api/LifePay/CreateEditPayChannels'],
      ['GET', '/api/LifePay/SetLifePayChannelsStatus?id=promo&status=20'],
      ['POST', '/api/LifePay/GetUserPage'],
      ['POST', '/api/LifePay/GetAccountPage'],
      ['GET', '/api/operator/dashboard'],
      ['GET', `/api/operator/orders/${fixture.delivered}/timeline`],
    ]
    for (const [method, url] of calls) {
      for (const caller of [{}, alice, { headers: { 'x-operator-token': 'guess' } }]) {
        const answer = method === 'GET' ? await t.get(url, caller) : await t.post(url, {}, caller)
        assert.deepEqual([answer.status, answer.body.error], [401, 'OPERATOR_UNAUTHORIZED'], `${method} ${url}`)
      }
    }
    // The promo channel was left as it was.
    const promo = await t.data(t.get<LifePayChannles>('/api/LifePay/GetLifePayChannlesDto?id=promo', operator))
    assert.equal(promo.status, 10)
  })
})

/** The first sheet of an export. */
async function firstSheet(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  return workbook.worksheets[0]
}

/** The sheet of an export, as rows of cell values (header first). */
async function readSheet(bytes: Buffer): Promise<unknown[][]> {
  const sheet = await firstSheet(bytes)
  const rows: unknown[][] = []
  // Empty cells come back as holes: as undefined, they compare.
  sheet.eachRow((row) => rows.push(Array.from(row.values as unknown[]).slice(1)))
  return rows
}

/** What the export should hold for a page's items: the same cells the sheet's columns take from them. */
// This server answers every extension field, so its items are whole.
const cellsOf = (items: LifePayOrderListOutput[], locale: 'zh-CN' | 'en-US' = 'zh-CN') =>
  items.map((item) =>
    orderExportCells(item as Required<LifePayOrderListOutput>, locale).map((cell) => (cell === '' ? undefined : cell)),
  )

const zhHeaders = [
  '订单号',
  '用户手机号',
  '充值类型',
  '充值账号',
  '渠道',
  '充值面额',
  '优惠金额',
  '实付金额',
  '支付方式',
  '支付状态',
  '订单状态',
  '下单时间',
  '支付时间',
  '完成时间',
  '支付流水号',
  '渠道流水号',
  '退款原因',
  '审核备注',
  '退款审核时间',
  '退款时间',
  '退款凭证',
]

describe('GetLifePayOrderPageExport', () => {
  test('an .xlsx with the page query’s rows and the headers operators read', async () => {
    for (const filter of [{}, { userId: bob.userId }, { payStatus: 20 }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/LifePay/GetLifePayOrderPageExport',
        payload: { ...filter },
        headers: operator.headers,
      })
      assert.equal(response.statusCode, 200)
      assert.equal(
        response.headers['content-type'],
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      )
      assert.match(
        String(response.headers['content-disposition']),
        /^attachment; filename="life-pay-orders-\d+\.xlsx"$/,
      )
      const [header, ...rows] = await readSheet(response.rawPayload)
      // The console's own words for each field (充值面额, not 充值金额).
      assert.deepEqual(header, zhHeaders)
      const page = await orderPage(filter)
      assert.ok(page.data.length > 0)
      // exceljs reads trailing empty cells as absent.
      const trimmed = (cells: unknown[][]) =>
        cells.map((cells) => cells.slice(0, cells.findLastIndex((c) => c !== undefined) + 1))
      assert.deepEqual(trimmed(rows), trimmed(cellsOf(page.data)), JSON.stringify(filter))
    }
    const delivered = (await readSheet(await exportBytes({ keyWords: fixture.delivered })))[1]
    assert.deepEqual(delivered.slice(0, 11), [
      fixture.delivered,
      '13500000011',
      '话费',
      '13812345678',
      '默认渠道',
      100,
      1.5,
      98.5,
      '微信支付',
      '已支付',
      '已完成',
    ])
  })

  test('the channel column names the channel as the console does; amounts show two decimals', async () => {
    const promo = (await createPhoneOrder(t, alice, { phone: '13812349901', channelId: 'promo' })).orderNo
    const sheet = await firstSheet(await exportBytes({ keyWords: promo }))
    const row = sheet.getRow(2)
    assert.equal(row.getCell(1).value, promo)
    assert.equal(row.getCell(5).value, '新客专享活动')
    // Face value, discount, paid: numbers (to sum and sort) shown as 0.00. Priced at alice's own channel (the
    // default: she signed up without one), whatever channel the request named.
    assert.deepEqual(
      [6, 7, 8].map((n) => [row.getCell(n).value, row.getCell(n).numFmt]),
      [
        [100, '0.00'],
        [1.5, '0.00'],
        [98.5, '0.00'],
      ],
    )
    const defaultChannel = (await firstSheet(await exportBytes({ keyWords: fixture.delivered }))).getRow(2)
    assert.equal(defaultChannel.getCell(5).value, '默认渠道')
  })

  test("in the operator's language: English headers and values for Accept-Language en", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/LifePay/GetLifePayOrderPageExport',
      payload: { keyWords: fixture.delivered },
      headers: { ...operator.headers, 'accept-language': 'en-US,en;q=0.9' },
    })
    assert.equal(response.statusCode, 200)
    const sheet = await firstSheet(response.rawPayload)
    assert.equal(sheet.name, 'Orders')
    const [header, row] = await readSheet(response.rawPayload)
    assert.deepEqual(header.slice(0, 8), [
      'Order no.',
      "User's phone",
      'Type',
      'Account',
      'Channel',
      'Face value',
      'Discount',
      'Paid',
    ])
    assert.deepEqual(row.slice(2, 11), [
      'Phone bill',
      '13812345678',
      'Default',
      100,
      1.5,
      98.5,
      'WeChat Pay',
      'Paid',
      'Completed',
    ])
    const page = await orderPage({ keyWords: fixture.delivered })
    assert.deepEqual(row.slice(0, 11), cellsOf(page.data, 'en-US')[0].slice(0, 11))
  })

  test('refused filters answer the envelope, not a file', async () => {
    const response = await t.post('/api/LifePay/GetLifePayOrderPageExport', { payStatus: 99 }, operator)
    assert.deepEqual([response.status, response.body.error], [200, 'VALIDATION_FAILED'])
  })
})

async function exportBytes(filter: Record<string, unknown>): Promise<Buffer> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/LifePay/GetLifePayOrderPageExport',
    payload: filter,
    headers: operator.headers,
  })
  assert.equal(response.statusCode, 200)
  return response.rawPayload
}

/** The states and voucher of an order snapshot in the audit trail. */
function snapshotState(snapshot: unknown) {
  const { payStatus, lifePayOrderStatus, refundCredentialsImgUrl, refundNo } = snapshot as Record<string, unknown>
  return { payStatus, lifePayOrderStatus, refundCredentialsImgUrl, refundNo }
}

describe('RefundLifePayOrder and RejectRefundLifePayOrder', () => {
  let voucherUrl = ''
  before(async () => {
    // The automation token may upload a voucher too (to a folder of its own); an approval needs one.
    const sts = await t.data(t.post<OssSts>('/api/operator/refundVoucherCredentials', {}, operator))
    assert.equal(sts.dir, 'refund-vouchers/00000000-0000-0000-0000-000000000000/')
    const uploaded = await uploadToSandbox(t, sts, `${sts.dir}proof.png`, TINY_PNG)
    assert.equal(uploaded.statusCode, 200, uploaded.body)
    voucherUrl = (uploaded.json() as { data: { url: string } }).data.url
  })
  /** An approval carries the voucher unless the test sends its own (or none: `refundCredentialsImgUrl: ''`). */
  const decide = (path: 'RefundLifePayOrder' | 'RejectRefundLifePayOrder', body: Record<string, unknown>) =>
    t.post<LifePayOrderListOutput>(
      `/api/LifePay/${path}`,
      path === 'RefundLifePayOrder' ? { refundCredentialsImgUrl: voucherUrl, ...body } : body,
      operator,
    )

  async function pendingReview(phone: string, delivered: boolean) {
    const { orderNo } = await createPhoneOrder(t, alice, { phone })
    await pay(orderNo, alice)
    if (delivered) await deliver()
    else t.clock.advance(RECHARGE_REFUNDABLE_AFTER_MINUTES * 60_000)
    await t.data(applyForRefund(t, alice, orderNo, { refundApplyRemark: '充错号码了' }))
    return { orderNo, id: (await orderRow(t, orderNo)).id }
  }

  test('approve an undelivered top-up: refunded once, listed as refunded with the remark', async () => {
    // 0009: the sandbox supplier never accepts it, so no attempt is in flight.
    const { orderNo, id } = await pendingReview('13912340009', false)
    const approved = await t.data(decide('RefundLifePayOrder', { id, refundCheckRemark: '核实未到账' }))
    assert.deepEqual(
      [approved.orderNo, approved.payStatus, approved.lifePayOrderStatus, approved.refundCheckRemark],
      [orderNo, 40, 50, '核实未到账'],
    )
    assert.ok(approved.refundTime)
    assert.deepEqual((await stateOf(t, alice, orderNo)).slice(0, 2), [40, 50])
    const again = await decide('RefundLifePayOrder', { id })
    assert.equal(again.body.error, 'REFUND_NOT_PENDING_REVIEW')
    // In the audit trail: who (the automation token here), the order before and as the decision left it (the
    // refund claimed with its number and voucher; the money step follows the commit), the remark.
    const trail = await t.data(t.get<AuditEntry[]>(`/api/admin/orders/${orderNo}/audit`, operator))
    const entry = trail.find((row) => row.action === 'refund.approve')
    assert.deepEqual(
      [entry?.actor, snapshotState(entry?.before), snapshotState(entry?.after), entry?.remark],
      [
        'service:token',
        { payStatus: 30, lifePayOrderStatus: 40, refundCredentialsImgUrl: null, refundNo: null },
        { payStatus: 30, lifePayOrderStatus: 40, refundCredentialsImgUrl: voucherUrl, refundNo: `${orderNo}R` },
        '核实未到账',
      ],
    )
    assert.equal(approved.refundCredentialsImgUrl, voucherUrl)
  })

  test('no voucher: approval refused, for the automation token too', async () => {
    const { orderNo, id } = await pendingReview('13912340019', false)
    const refused = await decide('RefundLifePayOrder', { id, refundCredentialsImgUrl: '' })
    assert.deepEqual([refused.body.success, refused.body.error], [false, 'VALIDATION_FAILED'])
    assert.deepEqual((await stateOf(t, alice, orderNo)).slice(0, 2), [30, 40])
  })

  test('a recharge attempt in flight: approval refused until the supplier answers', async () => {
    const { orderNo, id } = await pendingReview('13812340001', false)
    assert.equal((await decide('RefundLifePayOrder', { id })).body.error, 'RECHARGE_RESULT_PENDING')
    assert.deepEqual((await stateOf(t, alice, orderNo)).slice(0, 2), [30, 40])
  })

  test('a delivered top-up: approval refused as the refund review refuses it; rejection with a reason', async () => {
    const { orderNo, id } = await pendingReview('13812340002', true)
    assert.equal((await decide('RefundLifePayOrder', { id })).body.error, 'RECHARGE_DELIVERED')
    assert.deepEqual((await stateOf(t, alice, orderNo)).slice(0, 2), [30, 40])
    const noReason = await decide('RejectRefundLifePayOrder', { id, refundCheckRemark: '  ' })
    assert.equal(noReason.body.error, 'VALIDATION_FAILED')
    const rejected = await t.data(decide('RejectRefundLifePayOrder', { id, refundCheckRemark: '已充值到账' }))
    assert.deepEqual([rejected.payStatus, rejected.lifePayOrderStatus], [20, 60])
    assert.equal((await orderDetail(t, alice, orderNo)).refundCheckRemark, '已充值到账')
    const acknowledged = await decide('RefundLifePayOrder', { id, acknowledgeDelivered: true })
    assert.equal(acknowledged.body.error, 'REFUND_NOT_PENDING_REVIEW')
  })

  test('a delivered top-up the operator acknowledges: refunded', async () => {
    const { id } = await pendingReview('13812340004', true)
    const approved = await t.data(decide('RefundLifePayOrder', { id, acknowledgeDelivered: true }))
    assert.deepEqual([approved.payStatus, approved.lifePayOrderStatus], [40, 50])
  })

  test('a declined refund reads as what became of the top-up, not "refund failed"', async () => {
    const declined = (await orderPage({ lifePayOrderStatus: 60 })).data.find(
      (order) => order.supplierResult === 'success',
    )
    assert.ok(declined, 'a refund declined on a delivered top-up (RejectRefundLifePayOrder, above)')
    const [header, row] = await readSheet(await exportBytes({ keyWords: declined.orderNo }))
    assert.equal(row[header.indexOf('订单状态')], '充值成功，退款未通过')
  })

  test('unknown order', async () => {
    assert.equal((await decide('RefundLifePayOrder', { id: randomUUID() })).body.error, 'ORDER_NOT_FOUND')
    assert.equal((await decide('RefundLifePayOrder', { id: 'nope' })).body.error, 'VALIDATION_FAILED')
  })
})

describe('CreateEditLifePayRate', () => {
  test('a new phone rate prices the next order; orders made before keep theirs', async () => {
    const before = await createPhoneOrder(t, alice)
    assert.equal(before.payAmount, 98.5)
    const rates = await t.data(
      t.post<{ rateType: number; rate: number }[]>(
        '/api/LifePay/CreateEditLifePayRate',
        [
          { rateType: 10, rate: 97.25, id: 'ignored' },
          { rateType: 30, rate: 99 },
        ],
        operator,
      ),
    )
    // The two sent changed; electricity (99 %) and the supplier discount were left as they were.
    const rate = (type: number) => rates.find((r) => r.rateType === type)?.rate
    assert.deepEqual(
      rates.map((r) => r.rateType),
      [10, 20, 30, 40],
    )
    assert.deepEqual([rate(10), rate(20), rate(30)], [97.25, 99, 99])
    const publicRates = await t.data(t.get<{ rateType: number; rate: number }[]>('/api/LifePay/GetRate'))
    assert.equal(publicRates.find((r) => r.rateType === 10)?.rate, 97.25)
    const next = await createPhoneOrder(t, alice)
    assert.deepEqual([next.payAmount, next.discountAmount], [97.25, 2.75])
    assert.equal((await orderRow(t, before.orderNo)).payAmountFen, 9850)
    await t.data(
      t.post(
        '/api/LifePay/CreateEditLifePayRate',
        [
          { rateType: 10, rate: 98.5 },
          { rateType: 30, rate: 99.5 },
        ],
        operator,
      ),
    )
    assert.equal((await createPhoneOrder(t, alice)).payAmount, 98.5)
  })

  test('refused: out of range, more than 4 decimals, a type twice, an unknown type', async () => {
    for (const body of [
      [{ rateType: 10, rate: 0 }],
      [{ rateType: 10, rate: 100.5 }],
      [{ rateType: 10, rate: 97.123456 }],
      [
        { rateType: 10, rate: 97 },
        { rateType: 10, rate: 96 },
      ],
      [{ rateType: 50, rate: 97 }],
      [],
    ]) {
      const answer = await t.post('/api/LifePay/CreateEditLifePayRate', body, operator)
      assert.equal(answer.body.error, 'VALIDATION_FAILED', JSON.stringify(body))
    }
    assert.equal((await createPhoneOrder(t, alice)).payAmount, 98.5)
  })
})

describe('channels', () => {
  const page = (body: Record<string, unknown> = {}) =>
    t.data(
      t.post<PageOutput<LifePayChannles>>(
        '/api/LifePay/GetLifePayChannlesPage',
        { pageModel: { rows: 10, page: 1 }, ...body },
        operator,
      ),
    )
  const createEdit = (body: Record<string, unknown>) =>
    t.post<LifePayChannles>('/api/LifePay/CreateEditPayChannels', body, operator)
  const bind = (channelId: string) => t.post(`/api/operator/users/${alice.userId}/channel`, { channelId }, operator)
  /** Alice's next ¥100 price once the operator binds her to `channelId` (which her request sends too). */
  const priceFrom = async (channelId: string) => {
    await t.data(bind(channelId))
    return (await createPhoneOrder(t, alice, { channelId })).payAmount
  }
  after(() => t.data(bind('')))

  test('the seeded channels under the production names', async () => {
    const channels = await page()
    assert.deepEqual(
      channels.data.map((c) => [c.id, c.channlesNum, c.channlesName, c.channlesRate, c.status]),
      [
        ['promo', 'promo', channels.data[0].channlesName, null, 10],
        ['spring2026', 'spring2026', channels.data[1].channlesName, null, 20],
      ],
    )
    assert.equal(channels.data[0].rates?.find((r) => r.rateType === 10)?.rate, 97.5)
    assert.deepEqual(channels.pageModel, { rows: 10, page: 1, totalCount: 2, totalPage: 1 })
    assert.deepEqual(
      (await page({ keyWords: 'spring' })).data.map((c) => c.id),
      ['spring2026'],
    )
  })

  test('create, price, edit, disable, enable: each applies to the next order', async () => {
    // Not a channel yet: nobody can be bound to it, and sending it prices at the default.
    assert.equal((await bind('partner1')).body.error, 'CHANNEL_NOT_FOUND')
    assert.equal((await createPhoneOrder(t, alice, { channelId: 'partner1' })).payAmount, 98.5)
    const created = await t.data(
      createEdit({ channlesName: '合作方一', channlesNum: 'partner1', channlesRate: 96.5, switchType: 10 }),
    )
    assert.deepEqual(
      [
        created.id,
        created.channlesName,
        created.channlesRate,
        created.status,
        created.switchType,
        created.channlesType,
      ],
      ['partner1', '合作方一', 96.5, 10, 10, null],
    )
    assert.deepEqual(
      created.rates?.map((r) => [r.rateType, r.rate]),
      [
        [10, 96.5],
        [20, 96.5],
        [30, 96.5],
      ],
    )
    assert.equal(await priceFrom('partner1'), 96.5)
    const again = await createEdit({ channlesName: 'dup', channlesNum: 'partner1' })
    assert.equal(again.body.error, 'VALIDATION_FAILED')

    const edited = await t.data(
      createEdit({ id: 'partner1', channlesName: '合作方一（改）', channlesNum: 'partner1', channlesRate: 97 }),
    )
    assert.deepEqual([edited.channlesName, edited.channlesRate], ['合作方一（改）', 97])
    // Left out, switchType stays as it was; channlesType is set now.
    const typed = await t.data(
      createEdit({ id: 'partner1', channlesName: '合作方一（改）', channlesNum: 'partner1', channlesType: 20 }),
    )
    assert.deepEqual([typed.switchType, typed.channlesType], [10, 20])
    assert.equal(await priceFrom('partner1'), 97)
    const renamed = await createEdit({ id: 'partner1', channlesName: 'x', channlesNum: 'partner2' })
    assert.equal(renamed.body.error, 'VALIDATION_FAILED')
    const unknown = await createEdit({ id: 'nope', channlesName: 'x', channlesNum: 'nope' })
    assert.equal(unknown.body.error, 'CHANNEL_NOT_FOUND')

    const off = await t.data(
      t.get<LifePayChannles>('/api/LifePay/SetLifePayChannelsStatus?id=partner1&status=20', operator),
    )
    assert.equal(off.status, 20)
    assert.equal(await priceFrom('partner1'), 98.5)
    await t.data(t.get('/api/LifePay/SetLifePayChannelsStatus?id=partner1&status=10', operator))
    assert.equal(await priceFrom('partner1'), 97)
    const trail = await t.data(t.get<{ items: AuditEntry[] }>('/api/admin/audit?targetId=partner1', operator))
    assert.deepEqual(
      trail.items.filter((row) => row.action === 'channel.status').map((row) => [row.before, row.after]),
      [
        [{ status: 20 }, { status: 10 }],
        [{ status: 10 }, { status: 20 }],
      ],
    )
    const dto = await t.data(t.get<LifePayChannles>('/api/LifePay/GetLifePayChannlesDto?id=partner1', operator))
    assert.deepEqual([dto.status, dto.channlesRate], [10, 97])
    const missing = await t.get('/api/LifePay/GetLifePayChannlesDto?id=nope', operator)
    assert.equal(missing.body.error, 'CHANNEL_NOT_FOUND')
    const badStatus = await t.get('/api/LifePay/SetLifePayChannelsStatus?id=partner1&status=30', operator)
    assert.equal(badStatus.body.error, 'VALIDATION_FAILED')

    // An order's list item names its channel.
    const listed = (await orderPage({ userId: alice.userId })).data.find((item) => item.channelId === 'partner1')
    assert.equal(listed?.channelName, '合作方一（改）')
    const unknownChannel = (await orderPage({ userId: alice.userId })).data.find((i) => i.channelId === null)
    assert.equal(unknownChannel?.channelName, null)
  })

  test('created disabled: its rate does not apply until enabled', async () => {
    await t.data(createEdit({ channlesName: '未上线', channlesNum: 'later', channlesRate: 90, status: 20 }))
    assert.equal(await priceFrom('later'), 98.5)
  })
})

describe('GetUserPage and GetAccountPage', () => {
  test('users with last login and order counts, and nothing secret', async () => {
    const answer = await t.post<PageOutput<UserListOutput>>(
      '/api/LifePay/GetUserPage',
      { pageModel: { rows: 10, page: 1 }, keyWords: '1350000001' },
      operator,
    )
    const [user] = (await t.data(Promise.resolve(answer))).data
    const orders = await orderPage({ userId: alice.userId }, { rows: 1, page: 1 })
    const completed = await orderPage({ userId: alice.userId, lifePayOrderStatus: 30 }, { rows: 1, page: 1 })
    assert.deepEqual(
      [user.id, user.phoneNumber, user.orderCount, user.completedOrderCount],
      [alice.userId, '13500000011', orders.pageModel.totalCount, completed.pageModel.totalCount],
    )
    assert.ok((user.orderCount ?? 0) > 5)
    assert.ok(user.lastLoginTime && Date.parse(user.lastLoginTime) <= t.clock.now().getTime())
    assert.deepEqual(Object.keys(user).sort(), [
      'channelId',
      'channelName',
      'completedOrderCount',
      'creationTime',
      'id',
      'lastLoginTime',
      'orderCount',
      'phoneNumber',
      'userName',
    ])
    const raw = JSON.stringify(answer.body)
    assert.ok(!/password|hash|token|argon2|openId/i.test(raw), raw)

    const all = await t.data(
      t.post<PageOutput<UserListOutput>>('/api/LifePay/GetUserPage', { pageModel: { rows: 2, page: 1 } }, operator),
    )
    // Demo user, alice, bob: newest first.
    assert.deepEqual([all.pageModel.totalCount, all.pageModel.totalPage, all.data[0].id], [3, 2, bob.userId])
  })

  test('a later login moves lastLoginTime; a token refresh does not', async () => {
    const list = async () =>
      (
        await t.data(
          t.post<PageOutput<UserListOutput>>(
            '/api/LifePay/GetUserPage',
            { pageModel: { rows: 1, page: 1 }, keyWords: '13600000022' },
            operator,
          ),
        )
      ).data[0].lastLoginTime
    const before = await list()
    t.clock.advance(60_000)
    const code = await t.smsCode('13600000022')
    await t.data(t.post('/api/Account/LifePayPhoneMesssageCodeLogin', { phoneNumber: '13600000022', code }))
    const after = await list()
    assert.ok(before && after && Date.parse(after) > Date.parse(before), `${before} → ${after}`)
  })

  test('saved accounts with their user and order counts', async () => {
    await t.data(
      t.post(
        '/api/LifePay/AddUpdateUserAccount',
        { lifePayType: 10, content: '13812345678', remark: '我的手机', ispCode: 'yidong' },
        alice,
      ),
    )
    const accounts = await t.data(
      t.post<PageOutput<UserAccountOutput>>(
        '/api/LifePay/GetAccountPage',
        { pageModel: { rows: 10, page: 1 }, userId: alice.userId },
        operator,
      ),
    )
    assert.deepEqual(
      accounts.data.map((a) => [a.userId, a.phoneNumber, a.content, a.remark, a.operators]),
      [[alice.userId, '13500000011', '13812345678', '我的手机', 'yidong']],
    )
    const toThatPhone = (await orderPage({ userId: alice.userId, keyWords: '13812345678' })).pageModel.totalCount
    assert.equal(accounts.data[0].orderCount, toThatPhone)
    assert.ok(toThatPhone > 3)
    const everyone = await t.data(
      t.post<PageOutput<UserAccountOutput>>(
        '/api/LifePay/GetAccountPage',
        { pageModel: { rows: 50, page: 1 }, lifePayOrderType: 10 },
        operator,
      ),
    )
    // The demo user's saved phones too.
    assert.ok(everyone.pageModel.totalCount > 1)
    assert.ok(everyone.data.every((a) => a.lifePayType === 10))
    assert.ok(!/password|hash|token/i.test(JSON.stringify(everyone)))
  })

  test('a saved electricity account names its region, not only its codes; production’s fields beside ours', async () => {
    const electric = await t.data(
      t.post<PageOutput<UserAccountOutput>>(
        '/api/LifePay/GetAccountPage',
        // checkChannelId, which production's inputs carry, is accepted and changes nothing.
        { pageModel: { rows: 1, page: 1 }, checkChannelId: 'promo', keyWords: '家里电费' },
        operator,
      ),
    )
    const [account] = electric.data
    assert.deepEqual(
      [account.province, account.city, account.provinceName, account.cityName],
      ['310000', '310100', '上海市', '上海市'],
    )
    // Production's 拓展字段（电费类型） is the account type; a deleted account is gone, so none is flagged deleted.
    assert.deepEqual(
      [account.extraProperties, account.electricAccountType, account.isDeleted],
      [account.electricAccountType, ElectricAccountType.House, false],
    )
    const phone = await t.data(
      t.post<PageOutput<UserAccountOutput>>(
        '/api/LifePay/GetAccountPage',
        { pageModel: { rows: 1, page: 1 }, keyWords: '我的手机', userId: alice.userId },
        operator,
      ),
    )
    assert.deepEqual([phone.data[0].provinceName, phone.data[0].cityName], [null, null])
    assert.deepEqual([phone.data[0].extraProperties, phone.data[0].isDeleted], [null, false])
  })
})

describe('order timeline', () => {
  test('a delivered order: created, paid, attempt, supplier result, delivered — in that order', async () => {
    const timeline = await t.data(t.get<OrderTimeline>(`/api/operator/orders/${fixture.delivered}/timeline`, operator))
    assert.deepEqual([timeline.orderNo, timeline.payStatus, timeline.lifePayOrderStatus], [fixture.delivered, 20, 30])
    const kinds = timeline.events.map((event) => event.kind)
    assert.deepEqual(
      kinds.filter((kind) => kind !== 'notification'),
      ['created', 'paid', 'supplierAttempt', 'supplierResult', 'delivered'],
    )
    assert.ok(kinds.includes('notification'), 'the payment notification as received')
    const times = timeline.events.map((event) => Date.parse(event.time))
    assert.deepEqual(
      times,
      [...times].sort((a, b) => a - b),
    )
    // In the operator's language (Accept-Language), zh-CN by default.
    assert.match(timeline.events.find((e) => e.kind === 'paid')?.detail ?? '', /^已支付 ¥98\.50（微信支付），交易号 /)
    const english = await t.data(
      t.get<OrderTimeline>(`/api/operator/orders/${fixture.delivered}/timeline`, {
        ...operator,
        headers: { ...operator.headers, 'accept-language': 'en-US,en;q=0.9' },
      }),
    )
    assert.match(
      english.events.find((e) => e.kind === 'paid')?.detail ?? '',
      /^Paid ¥98\.50 by WeChat Pay, transaction /,
    )
    assert.equal(english.events.find((e) => e.kind === 'delivered')?.detail, 'Delivered')
  })

  test('a failed order refunded automatically, and a rejected refund', async () => {
    const failed = await t.data(t.get<OrderTimeline>(`/api/operator/orders/${fixture.failed}/timeline`, operator))
    const kinds = failed.events.map((event) => event.kind).filter((kind) => kind !== 'notification')
    // The provider's confirmation that the money is back ends it (the sandbox confirms at once).
    assert.deepEqual(kinds, [
      'created',
      'paid',
      'supplierAttempt',
      'supplierResult',
      'failed',
      'refunded',
      'refundStatus',
    ])
    assert.match(failed.events.at(-1)?.detail ?? '', /退款成功/)
    const rejected = (await orderPage({ lifePayOrderStatus: 60 })).data[0]
    const timeline = await t.data(t.get<OrderTimeline>(`/api/operator/orders/${rejected.orderNo}/timeline`, operator))
    assert.deepEqual(
      timeline.events
        .map((event) => event.kind)
        .filter((kind) => kind !== 'notification')
        .slice(-2),
      ['refundApplied', 'refundRejected'],
    )
    const missing = await t.get('/api/operator/orders/NOPE/timeline', operator)
    assert.equal(missing.body.error, 'ORDER_NOT_FOUND')
  })

  test("every line in the operator's language: the server's codes and the sandbox's words are put in words", async () => {
    const details = async (orderNo: string, language: string) =>
      (
        await t.data(
          t.get<OrderTimeline>(`/api/operator/orders/${orderNo}/timeline`, {
            headers: { ...operator.headers, 'accept-language': language },
          }),
        )
      ).events.map((event) => `${event.kind} ${event.detail}`)
    const zh = await details(fixture.failed, 'zh-CN')
    for (const line of [
      /^notification 支付通知（沙箱）：已处理$/,
      /^supplierResult 第 1 次：充值失败，渠道订单 SUP\w+（渠道说明：沙箱账户：渠道无法为该账户充值）$/,
      /^failed 充值失败：沙箱账户：渠道无法为该账户充值$/,
      /^refunded 已退款 ¥98\.50，退款单号 LP\w+R（充值失败，款项已原路退回）$/,
    ])
      assert.ok(
        zh.some((detail) => line.test(detail)),
        `${line} in ${zh.join('\n')}`,
      )
    // Nothing English in Chinese but the numbers of the order, the payment and the supplier.
    const words = zh.map((line) => line.replace(/^\w+ /, '').replace(/\b(LP|SUP|sbx)\w+/g, ''))
    assert.doesNotMatch(words.join('\n'), /[A-Za-z]{2,}/)
    const en = await details(fixture.failed, 'en-US')
    for (const line of [
      /^notification Payment notification \(Sandbox\): processed$/,
      /^supplierResult Attempt 1: failed, supplier order SUP\w+ \(supplier: Sandbox account: the supplier could not recharge this account\)$/,
      /^refunded Refunded ¥98\.50, refund LP\w+R \(The top-up failed; your money has been returned\)$/,
    ])
      assert.ok(
        en.some((detail) => line.test(detail)),
        `${line} in ${en.join('\n')}`,
      )
    assert.doesNotMatch(en.join('\n'), /[\u4e00-\u9fff]/)
    assert.ok(
      (await details(fixture.delivered, 'zh-CN')).some((line) =>
        /^supplierResult 第 1 次：充值成功，渠道订单 SUP\w+$/.test(line),
      ),
    )
  })
})

describe('dashboard', () => {
  let d: TestApp
  let carol: Caller
  before(async () => {
    d = await createTestApp()
    // Noon in Asia/Shanghai: what follows stays within one day.
    const now = d.clock.now().getTime()
    const shanghaiMs = (now + 8 * 3_600_000) % 86_400_000
    d.clock.advance((12 * 3_600_000 - shanghaiMs + 86_400_000) % 86_400_000)
    carol = { token: (await d.register('13700000033')).accessToken }
  })
  after(() => d.close())

  async function paidPhoneOrder(phone: string, deliverAfterMs: number | null) {
    const { orderNo } = await createPhoneOrder(d, carol, { phone })
    await payInSandbox(d, carol, orderNo)
    await d.app.jobs.drain()
    if (deliverAfterMs !== null) {
      d.clock.advance(deliverAfterMs)
      await d.app.jobs.drain()
      await d.app.jobs.drain()
    }
    return orderNo
  }

  test('figures of a known set of orders', async () => {
    await paidPhoneOrder('13812340011', 1_500)
    await paidPhoneOrder('13812340012', 4_500)
    await paidPhoneOrder('13812340013', 9_000)
    await paidPhoneOrder('13812340000', 1_500) // the supplier fails it: refunded automatically
    await createPhoneOrder(d, carol, { phone: '13812340014' }) // never paid
    const review = await paidPhoneOrder('13812340015', 1_500)
    await d.data(applyForRefund(d, carol, review, { refundApplyRemark: '不要了' }))

    const figures = await d.data(d.get<Dashboard>('/api/operator/dashboard', operator))
    assert.deepEqual(
      {
        orders: figures.today.orders,
        paidOrders: figures.today.paidOrders,
        amountPaid: figures.today.amountPaid,
        successRate: figures.today.successRate,
        medianSecondsToDelivery: figures.today.medianSecondsToDelivery,
        supplierFailureRate: figures.today.supplierFailureRate,
      },
      {
        orders: 6,
        paidOrders: 5,
        amountPaid: 492.5,
        // Known outcomes: three delivered, one refunded; the one under review is not known yet.
        successRate: 0.75,
        medianSecondsToDelivery: 4.5,
        supplierFailureRate: 0.2,
      },
    )
    assert.deepEqual([figures.thisMonth.orders, figures.thisMonth.amountPaid], [6, 492.5])
    assert.deepEqual([figures.refundsWaiting, figures.failedJobs], [1, 0])
    assert.equal(figures.last30Days.length, 30)
    const todayDate = new Date(Date.parse(figures.today.from) + 8 * 3_600_000).toISOString().slice(0, 10)
    assert.deepEqual(figures.last30Days.at(-1), {
      date: todayDate,
      orders: 6,
      paidOrders: 5,
      amountPaid: 492.5,
      completedOrders: 3,
    })
    assert.ok(figures.last30Days.slice(0, -1).every((day) => day.orders === 0))

    // Tomorrow: today starts again from nothing, yesterday moves along the series.
    d.clock.advance(86_400_000)
    const tomorrow = await d.data(d.get<Dashboard>('/api/operator/dashboard', operator))
    assert.deepEqual(
      [tomorrow.today.orders, tomorrow.today.successRate, tomorrow.today.medianSecondsToDelivery],
      [0, null, null],
    )
    assert.equal(tomorrow.last30Days.at(-2)?.orders, 6)
  })

  test('the export is streamed: rows are read as the client takes the file, not before', async () => {
    // 5,000 orders straight into the table: what matters is how the export reads them.
    const demo = { token: (await d.loginDemo()).accessToken }
    const template = await orderRow(d, (await createPhoneOrder(d, demo)).orderNo)
    const existing = (await d.database.db.select({ id: lifePayOrders.id }).from(lifePayOrders)).length
    const base = d.clock.now().getTime()
    const rows = Array.from({ length: 5_000 }, (_, n) => ({
      ...template,
      id: randomUUID(),
      orderNo: `BULK${String(n).padStart(6, '0')}`,
      idempotencyKey: `bulk-${n}`,
      creationTime: new Date(base + n * 1000),
    }))
    for (let n = 0; n < rows.length; n += 500) await d.database.db.insert(lifePayOrders).values(rows.slice(n, n + 500))

    // A client that does not read: the export must stop and wait for it.
    const out = new PassThrough({ highWaterMark: 16 * 1024 })
    let finished = false
    let waitingAfterRows: number | undefined
    const exporting = writeOrderExport(d.app.ctx, {}, out, {
      onWaitForClient: (rows) => (waitingAfterRows ??= rows),
    }).then((count) => ((finished = true), count))
    const rowsBeforeWaiting = await waitFor('the export to wait for its client', () => waitingAfterRows)
    assert.equal(finished, false)
    assert.ok(rowsBeforeWaiting < 5_000, `${rowsBeforeWaiting} rows read before the client took any`)
    // An order older than every other one, added while the export waits: newest first, it comes last.
    await d.database.db
      .insert(lifePayOrders)
      .values({ ...rows[0], id: randomUUID(), orderNo: 'LATECOMER', idempotencyKey: 'late', creationTime: new Date(0) })
    const bytes = Buffer.concat(await out.toArray())
    const count = await exporting
    const sheet = await readSheet(bytes)
    assert.equal(count, existing + 5_000 + 1)
    assert.equal(sheet.length, count + 1)
    assert.equal(sheet.at(-1)?.[0], 'LATECOMER', 'rows were read after the first bytes went out')

    // The client goes away while the export waits for it: the export stops instead of waiting forever.
    const abandoned = new PassThrough({ highWaterMark: 16 * 1024 })
    let waiting = false
    const stopped = writeOrderExport(d.app.ctx, {}, abandoned, { onWaitForClient: () => (waiting = true) })
    await waitFor('the export to wait for its client', () => waiting)
    abandoned.destroy()
    await assert.rejects(stopped, /client went away/)
  })
})
