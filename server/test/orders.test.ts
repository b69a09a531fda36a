import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { count, eq } from 'drizzle-orm'
import type { PageResult } from '@contract/envelope'
import type {
  CreateLifePayOrderResult,
  ElectricParValue,
  ElectricSupportArea,
  GasParValue,
  LifePayOrderListItem,
  LifePayRate,
  PayOrderForJsApi,
  PhoneParValue,
} from '@contract/lifePay'
import type { RegionalManagement } from '@contract/area'
import { CarrierCode } from '@domain/carrier'
import { ElectricAccountType, ElectricType } from '@domain/electric'
import { GasProvider } from '@domain/gas'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { LifePayType } from '@domain/lifePayType'
import { rechargePrice } from '@domain/price'
import { DEV_MERCHANT_KEY } from '../src/configSchema'
import { lifePayOrders, users } from '../src/db/schema'
import { ORDER_EXPIRY_SWEEP_MS } from '../src/modules/lifePay/orderExpiry'
import { applyForRefund, createPhoneOrder, newKey, orderDetail, orderRow, stateOf } from './support/orderFlows'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

let t: TestApp
let alice: Caller
let bob: Caller
before(async () => {
  t = await createTestApp()
  alice = { token: (await t.register('13700000001')).accessToken }
  bob = { token: (await t.register('13700000002')).accessToken }
})
after(() => t.close())

describe('catalogue', () => {
  test('GetRate: the default channel, a channel of its own (falling back per type), an unknown channel', async () => {
    const byType = (rates: LifePayRate[]) => Object.fromEntries(rates.map((r) => [r.rateType, r.rate]))
    assert.deepEqual(byType(await t.data(t.get<LifePayRate[]>('/api/LifePay/GetRate'))), {
      10: 98.5,
      20: 99,
      30: 99.5,
      40: 96,
    })
    // Anonymous: the default channel's, whatever channel is named (docs/api.md; server/test/channels.test.ts).
    assert.deepEqual(byType(await t.data(t.get<LifePayRate[]>('/api/LifePay/GetRate?channelId=promo'))), {
      10: 98.5,
      20: 99,
      30: 99.5,
      40: 96,
    })
    assert.deepEqual(byType(await t.data(t.get<LifePayRate[]>('/api/LifePay/GetRate?channelId=no-such-channel'))), {
      10: 98.5,
      20: 99,
      30: 99.5,
      40: 96,
    })
    const garbage = await t.get<LifePayRate[]>(`/api/LifePay/GetRate?channelId=${'x'.repeat(500)}`)
    assert.equal(garbage.body.success, true)
  })

  test('par values: phone per carrier up to 500, electricity per grid, gas per company', async () => {
    const phone = await t.data(t.post<PhoneParValue[]>('/api/LifePay/GetPhoneParValue'))
    assert.deepEqual(phone.map((p) => p.ispCode).sort(), ['dianxin', 'liantong', 'yidong'])
    assert.deepEqual(phone[0].parValue, [10, 20, 30, 50, 100, 200, 300, 500])
    assert.equal(phone.find((p) => p.ispCode === CarrierCode.Yidong)?.ispName, '中国移动')
    const electric = await t.data(t.post<ElectricParValue[]>('/api/LifePay/GetElectricParValue'))
    assert.deepEqual(electric, [
      { electricType: 'guowang', parValue: [50, 100, 200, 300, 500] },
      { electricType: 'nanwang', parValue: [50, 100, 200, 300, 500] },
    ])
    const gas = await t.data(t.post<GasParValue[]>('/api/LifePay/GetGasParValue'))
    assert.equal(gas.length, 6)
    assert.deepEqual(
      gas.find((g) => g.gasOrgType === GasProvider.HuaRun),
      { gasOrgType: 'hua_run', gasOrgName: '华润燃气', parValue: [50, 100, 200, 300, 500] },
    )
  })

  test('electricity areas: Southern Grid provinces ask for the holder name', async () => {
    const areas = await t.data(t.post<ElectricSupportArea[]>('/api/LifePay/GetElectricSupportArea'))
    assert.ok(areas.length >= 12)
    const southern = new Set(areas.filter((a) => a.electricType === ElectricType.Nanwang).map((a) => a.provinceName))
    assert.deepEqual([...southern].sort(), ['云南省', '广东省', '广西壮族自治区', '海南省', '贵州省'].sort())
    for (const area of areas) assert.equal(area.needHolderName, area.electricType === ElectricType.Nanwang)
    assert.ok(areas.some((a) => a.cityName === '深圳市' && a.electricType === ElectricType.Nanwang))
  })

  test('regions: provinces with their cities', async () => {
    const regions = await t.data(t.get<RegionalManagement[]>('/api/Area/GetRegionalManagementList'))
    assert.equal(regions.length, 31)
    const guangdong = regions.find((r) => r.areaCode === '440000')
    assert.equal(guangdong?.areaName, '广东省')
    assert.ok(
      guangdong?.children.some((c) => c.areaCode === '440300' && c.areaName === '深圳市' && c.children.length === 0),
    )
  })
})

describe('CreateLifePayPhoneOrder', () => {
  test('the server prices the order; a client-sent price is ignored', async () => {
    const order = await createPhoneOrder(t, alice, { parValue: 100, payAmount: 0.01, price: 1 })
    assert.deepEqual(
      { ...order, orderNo: undefined },
      { orderNo: undefined, payAmount: 98.5, parValue: 100, discountAmount: 1.5 },
    )
    assert.match(order.orderNo, /^LP\d{14}\d{6}$/)
    const row = await orderRow(t, order.orderNo)
    assert.deepEqual(
      [row.parValueFen, row.payAmountFen, row.discountAmountFen, row.ratePpm],
      [10000, 9850, 150, 985000],
    )
    assert.equal(order.payAmount, rechargePrice(100, 98.5))
  })

  test('the rate of the channel the user signed up with applies; the channel sent is recorded as sent', async () => {
    const phoneNumber = '13700000009'
    const code = await t.smsCode(phoneNumber)
    const carol = {
      headers: {
        'x-lifepay-user-id': await t.data(
          t.post<string>('/api/Account/LifePayPhoneMesssageCodeLogin?channelId=promo', {
            phoneNumber,
            code,
            channelId: 'promo',
          }),
        ),
      },
    }
    const order = await t.data(
      t.post<CreateLifePayOrderResult>(
        '/api/LifePay/CreateLifePayPhoneOrder?channelId=elsewhere',
        { phone: '13812345678', ispCode: 'yidong', parValue: 30, idempotencyKey: newKey(), channelId: 'elsewhere' },
        carol,
      ),
    )
    assert.equal(order.payAmount, 29.25)
    const row = await orderRow(t, order.orderNo)
    assert.deepEqual([row.channelId, row.rateChannelId, row.ratePpm], ['elsewhere', 'promo', 975_000])
  })

  test('a ported number may be recharged with the carrier the user chose', async () => {
    const order = await createPhoneOrder(t, alice, {
      phone: '13812345678',
      ispCode: CarrierCode.Dianxin,
      name: '张三',
      parValue: 50,
    })
    assert.equal((await orderDetail(t, alice, order.orderNo)).ispCode, 'dianxin')
  })

  test('face values: only offered ones, at most 300 for phone', async () => {
    const written = async () => (await t.database.db.select({ n: count() }).from(lifePayOrders))[0].n
    const before = await written()
    for (const parValue of [500, 15, 301]) {
      const answer = await t.post(
        '/api/LifePay/CreateLifePayPhoneOrder',
        { phone: '13812345678', ispCode: 'yidong', parValue, idempotencyKey: newKey() },
        alice,
      )
      assert.equal(answer.body.error, 'PAR_VALUE_NOT_OFFERED', `parValue ${parValue}`)
    }
    // Refused before anything is written.
    assert.equal(await written(), before)
    const fractional = await t.post(
      '/api/LifePay/CreateLifePayPhoneOrder',
      { phone: '13812345678', ispCode: 'yidong', parValue: 10.555, idempotencyKey: newKey() },
      alice,
    )
    assert.equal(fractional.body.error, 'VALIDATION_FAILED')
    const zero = await t.post(
      '/api/LifePay/CreateLifePayPhoneOrder',
      { phone: '13812345678', ispCode: 'yidong', parValue: 0, idempotencyKey: newKey() },
      alice,
    )
    assert.equal(zero.body.error, 'VALIDATION_FAILED')
  })

  test('bad inputs answer VALIDATION_FAILED naming the field', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ phone: '1381234567' }, /^手机号：/],
      [{ phone: '23812345678' }, /^手机号：/],
      [{ phone: undefined }, /^手机号：此项为必填项$/],
      [{ ispCode: 'chinamobile' }, /^运营商：/],
      [{ idempotencyKey: 'short' }, /^请求编号：/],
      [{ idempotencyKey: undefined }, /^请求编号：此项为必填项$/],
      [{ parValue: 'ten' }, /^充值面额：/],
      [{ name: 'x'.repeat(31) }, /^户主姓名：/],
    ]
    for (const [override, msg] of cases) {
      const answer = await t.post(
        '/api/LifePay/CreateLifePayPhoneOrder',
        { phone: '13812345678', ispCode: 'yidong', parValue: 10, idempotencyKey: newKey(), ...override },
        alice,
      )
      assert.deepEqual(
        [answer.status, answer.body.success, answer.body.error, answer.body.showType],
        [200, false, 'VALIDATION_FAILED', 2],
        JSON.stringify(override),
      )
      assert.match(answer.body.msg ?? '', msg, JSON.stringify(override))
    }
  })

  test('needs a logged-in or virtual user', async () => {
    const body = { phone: '13812345678', ispCode: 'yidong', parValue: 10, idempotencyKey: newKey() }
    assert.equal((await t.post('/api/LifePay/CreateLifePayPhoneOrder', body)).status, 401)
    assert.equal(
      (
        await t.post('/api/LifePay/CreateLifePayPhoneOrder', body, {
          virtualUserId: '00000000-0000-4000-8000-000000000000',
        })
      ).status,
      401,
    )
    assert.equal(
      (
        await t.post('/api/LifePay/CreateLifePayPhoneOrder', body, {
          token: 'bad',
          virtualUserId: '00000000-0000-4000-8000-000000000000',
        })
      ).status,
      401,
    )
  })

  test('a virtual user (phone + code login) orders with its user id', async () => {
    const code = await t.smsCode('13700000003')
    const userId = await t.data(
      t.post<string>('/api/Account/LifePayPhoneMesssageCodeLogin', { phoneNumber: '13700000003', code }),
    )
    const order = await createPhoneOrder(t, { virtualUserId: userId }, { phone: '13700000003' })
    const [owner] = await t.database.db.select().from(users).where(eq(users.phoneNumber, '13700000003'))
    assert.equal((await orderRow(t, order.orderNo)).userId, owner.id)
    // The same user logged in fully sees it too.
    t.clock.advance(61_000)
    const full = { token: (await t.register('13700000003')).accessToken }
    assert.equal((await orderDetail(t, full, order.orderNo)).orderNo, order.orderNo)
  })
})

describe('CreateLifePayElectricOrder and CreateLifePayGasOrder', () => {
  const electric = (override: Record<string, unknown>) =>
    t.post<CreateLifePayOrderResult>(
      '/api/LifePay/CreateLifePayElectricOrder',
      {
        electricAccount: '3100123456789',
        electricType: ElectricType.Guowang,
        electricAccountType: ElectricAccountType.House,
        province: '310000',
        city: '310100',
        parValue: 200,
        idempotencyKey: newKey(),
        ...override,
      },
      alice,
    )

  test('State Grid area, priced at 99 %; 300 allowed, 500 on offer but over SPEC §9’s maximum', async () => {
    const order = await t.data(electric({}))
    assert.deepEqual([order.payAmount, order.discountAmount], [198, 2])
    assert.equal((await t.data(electric({ parValue: 300 }))).payAmount, 297)
    assert.equal((await electric({ parValue: 500 })).body.error, 'PAR_VALUE_NOT_OFFERED')
  })

  test('Southern Grid needs the holder name; area given by names is stored as codes', async () => {
    const base = {
      electricType: ElectricType.Nanwang,
      province: '广东省',
      city: '深圳市',
      electricAccount: '0300123456',
      sixID: '123456',
    }
    const noName = await electric(base)
    assert.equal(noName.body.error, 'VALIDATION_FAILED')
    assert.equal(noName.body.msg, '户主姓名：此项为必填项')
    const order = await t.data(electric({ ...base, name: '张三' }))
    const detail = await orderDetail(t, alice, order.orderNo)
    assert.deepEqual(
      [detail.province, detail.city, detail.name, detail.electricType],
      ['440000', '440300', '张三', 'nanwang'],
    )
  })

  test('an area named with or without 省/市 is the one area (matchElectricArea, as the app matches)', async () => {
    const names = [
      ['广东', '深圳'],
      ['广东省', '深圳'],
      ['440000', '深圳市'],
    ]
    for (const [province, city] of names) {
      const order = await t.data(
        electric({
          electricType: ElectricType.Nanwang,
          province,
          city,
          electricAccount: '0300123456',
          name: '张三',
          sixID: '123456',
        }),
      )
      const detail = await orderDetail(t, alice, order.orderNo)
      assert.deepEqual([detail.province, detail.city], ['440000', '440300'], `${province} ${city}`)
    }
    assert.equal((await electric({ province: '北京', city: '上海' })).body.error, 'AREA_NOT_SUPPORTED')
  })

  test('wrong grid, unsupported area, bad account', async () => {
    const mismatch = await electric({
      province: '440000',
      city: '440100',
      electricType: ElectricType.Guowang,
      name: '李四',
    })
    assert.equal(mismatch.body.error, 'ELECTRIC_TYPE_MISMATCH')
    assert.equal(mismatch.body.msg, '该地区由南方电网供电')
    assert.equal((await electric({ province: '650000', city: '650100' })).body.error, 'AREA_NOT_SUPPORTED')
    const badAccount = await electric({ electricAccount: '12ab' })
    assert.match(badAccount.body.msg ?? '', /^电费户号：/)
    assert.equal((await electric({ electricAccountType: 'factory' })).body.error, 'VALIDATION_FAILED')
    assert.equal((await electric({ parValue: 30 })).body.error, 'PAR_VALUE_NOT_OFFERED')
  })

  test('gas order', async () => {
    const gas = (override: Record<string, unknown>) =>
      t.post<CreateLifePayOrderResult>(
        '/api/LifePay/CreateLifePayGasOrder',
        {
          gasAccount: '88001234',
          gasOrgType: GasProvider.XinAo,
          province: '310000',
          city: '310100',
          parValue: 100,
          idempotencyKey: newKey(),
          ...override,
        },
        alice,
      )
    assert.equal((await t.data(gas({}))).payAmount, 99.5)
    assert.match((await gas({ gasAccount: '88-01' })).body.msg ?? '', /^燃气户号：/)
    assert.equal((await gas({ gasOrgType: 'acme' })).body.error, 'VALIDATION_FAILED')
    // 500 is in the company's table; SPEC §9's maximum of 300 holds for every kind.
    assert.equal((await t.data(gas({ parValue: 300 }))).payAmount, 298.5)
    assert.equal((await gas({ parValue: 500 })).body.error, 'PAR_VALUE_NOT_OFFERED')
  })
})

describe('idempotent creation', () => {
  test('10 concurrent retries with one key make one order', async () => {
    const idempotencyKey = newKey()
    const body = { phone: '13812345678', ispCode: 'yidong', parValue: 20, idempotencyKey }
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.data(t.post<CreateLifePayOrderResult>('/api/LifePay/CreateLifePayPhoneOrder', body, alice)),
      ),
    )
    assert.equal(new Set(answers.map((a) => a.orderNo)).size, 1)
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(lifePayOrders)
      .where(eq(lifePayOrders.idempotencyKey, idempotencyKey))
    assert.equal(Number(n), 1)
  })

  test('a key reused for another order is refused; another user’s key is theirs', async () => {
    const idempotencyKey = newKey()
    const first = await createPhoneOrder(t, alice, { idempotencyKey, parValue: 30 })
    const different = await t.post(
      '/api/LifePay/CreateLifePayPhoneOrder',
      { phone: '13812345678', ispCode: 'yidong', parValue: 50, idempotencyKey },
      alice,
    )
    assert.equal(different.body.error, 'IDEMPOTENCY_KEY_REUSED')
    const bobs = await createPhoneOrder(t, bob, { idempotencyKey, parValue: 30 })
    assert.notEqual(bobs.orderNo, first.orderNo)
  })
})

describe('orders of a user', () => {
  test('page: newest first, filtered by type, paged', async () => {
    const carol = { token: (await t.register('13700000004')).accessToken }
    const made: string[] = []
    for (const parValue of [10, 20, 30]) {
      made.push((await createPhoneOrder(t, carol, { parValue })).orderNo)
      t.clock.advance(1000)
    }
    await t.data(
      t.post(
        '/api/LifePay/CreateLifePayGasOrder',
        {
          gasAccount: '88001234',
          gasOrgType: 'xin_ao',
          province: '310000',
          city: '310100',
          parValue: 50,
          idempotencyKey: newKey(),
        },
        carol,
      ),
    )
    const all = await t.data(
      t.post<PageResult<LifePayOrderListItem>>(
        '/api/LifePay/GetUserLifePayOrderPage',
        { pageIndex: 1, pageSize: 10 },
        carol,
      ),
    )
    assert.equal(all.totalCount, 4)
    assert.equal(all.items[0].lifePayOrderType, LifePayOrderType.Gas)
    const phones = await t.data(
      t.post<PageResult<LifePayOrderListItem>>(
        '/api/LifePay/GetUserLifePayOrderPage',
        { pageIndex: 2, pageSize: 2, lifePayOrderType: 10 },
        carol,
      ),
    )
    assert.deepEqual([phones.totalCount, phones.pageIndex, phones.items.map((i) => i.orderNo)], [3, 2, [made[0]]])
    assert.deepEqual(
      { ...phones.items[0], creationTime: undefined },
      {
        orderNo: made[0],
        payStatus: 10,
        lifePayOrderStatus: 10,
        frontStatus: null,
        refundProgress: null,
        rechargeDelivered: false,
        lifePayOrderType: 10,
        account: '13812345678',
        parValue: 10,
        payAmount: 9.85,
        lifePayType: null,
        creationTime: undefined,
      },
    )
    const tooBig = await t.post('/api/LifePay/GetUserLifePayOrderPage', { pageIndex: 1, pageSize: 1000 }, carol)
    assert.equal(tooBig.body.error, 'VALIDATION_FAILED')
    const zeroPage = await t.post('/api/LifePay/GetUserLifePayOrderPage', { pageIndex: 0, pageSize: 10 }, carol)
    assert.match(zeroPage.body.msg ?? '', /^页码：/)
  })

  test('detail of an unpaid order', async () => {
    const order = await createPhoneOrder(t, alice, { parValue: 50, name: '王五' })
    const detail = await orderDetail(t, alice, order.orderNo)
    assert.equal(detail.rate, 98.5)
    assert.equal(detail.discountAmount, 0.75)
    assert.equal(detail.canApplyRefund, false)
    assert.equal(detail.name, '王五')
    assert.equal(new Date(detail.expireTime ?? '').getTime(), new Date(detail.creationTime).getTime() + 30 * 60_000)
    assert.equal(detail.payTime, null)
  })

  test('another user’s order answers not found everywhere', async () => {
    const order = await createPhoneOrder(t, alice)
    const expectNotFound = async (answer: Promise<{ body: { error: string | null } }>) =>
      assert.equal((await answer).body.error, 'ORDER_NOT_FOUND')
    await expectNotFound(t.post('/api/LifePay/GetPayStatusByOrderNo', { orderNo: order.orderNo }, bob))
    await expectNotFound(t.get(`/api/LifePay/GetUserLifePayOrderDetail?orderNo=${order.orderNo}`, bob))
    await expectNotFound(
      t.post('/api/LifePay/SetLifePayOrderPayType', { orderNo: order.orderNo, lifePayType: 10 }, bob),
    )
    await expectNotFound(t.post('/api/LifePay/GetPayOrderForJsAPI', { orderNo: order.orderNo, lifePayType: 10 }, bob))
    await expectNotFound(applyForRefund(t, bob, order.orderNo, { refundApplyRemark: 'mine now' }))
    await expectNotFound(t.post('/api/LifePay/GetPayStatusByOrderNo', { orderNo: 'LP-nonexistent' }, alice))
    const bobsPage = await t.data(
      t.post<PageResult<LifePayOrderListItem>>(
        '/api/LifePay/GetUserLifePayOrderPage',
        { pageIndex: 1, pageSize: 100 },
        bob,
      ),
    )
    assert.ok(bobsPage.items.every((item) => item.orderNo !== order.orderNo))
  })
})

describe('paying', () => {
  test('SetLifePayOrderPayType records the choice', async () => {
    const order = await createPhoneOrder(t, alice)
    assert.equal(
      (await t.post('/api/LifePay/SetLifePayOrderPayType', { orderNo: order.orderNo, lifePayType: 30 }, alice)).body
        .error,
      'VALIDATION_FAILED',
    )
    await t.data(
      t.post('/api/LifePay/SetLifePayOrderPayType', { orderNo: order.orderNo, lifePayType: LifePayType.AliPay }, alice),
    )
    assert.equal((await orderDetail(t, alice, order.orderNo)).lifePayType, LifePayType.AliPay)
  })

  test('GetPayOrderForJsAPI: a signed WeChat JSAPI set, or an Alipay trade number', async () => {
    const order = await createPhoneOrder(t, alice)
    const wx = await t.data(
      t.post<PayOrderForJsApi>(
        '/api/LifePay/GetPayOrderForJsAPI',
        { orderNo: order.orderNo, lifePayType: LifePayType.WxPay, openId: 'o_x' },
        alice,
      ),
    )
    assert.deepEqual([wx.sandbox, wx.payAmount, wx.aliPayTradeNo, wx.lifePayType], [true, 98.5, null, 10])
    assert.ok(wx.wxPay)
    const { appId, timeStamp, nonceStr, package: pkg, signType, paySign } = wx.wxPay
    assert.match(pkg, /^prepay_id=wx\w+$/)
    assert.equal(signType, 'HMAC-SHA256')
    const expected = createHmac('sha256', DEV_MERCHANT_KEY)
      .update(
        `appId=${appId}&nonceStr=${nonceStr}&package=${pkg}&signType=${signType}&timeStamp=${timeStamp}&key=${DEV_MERCHANT_KEY}`,
      )
      .digest('hex')
      .toUpperCase()
    assert.equal(paySign, expected)
    const ali = await t.data(
      t.post<PayOrderForJsApi>(
        '/api/LifePay/GetPayOrderForJsAPI',
        { orderNo: order.orderNo, lifePayType: LifePayType.AliPay },
        alice,
      ),
    )
    assert.deepEqual([ali.wxPay, typeof ali.aliPayTradeNo, ali.lifePayType], [null, 'string', 20])
  })

  test('an unpaid order closes after 30 minutes and can no longer be paid', async () => {
    const order = await createPhoneOrder(t, alice)
    await t.data(t.post('/api/LifePay/GetPayOrderForJsAPI', { orderNo: order.orderNo, lifePayType: 10 }, alice))
    t.clock.advance(30 * 60_000 - 1000)
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, order.orderNo), [10, 10, null])
    // The app shows it closed from its expireTime on; the row follows at the next expiry sweep.
    t.clock.advance(1000 + ORDER_EXPIRY_SWEEP_MS)
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, order.orderNo), [10, 20, null])
    const pay = await t.post('/api/LifePay/GetPayOrderForJsAPI', { orderNo: order.orderNo, lifePayType: 10 }, alice)
    assert.deepEqual([pay.body.error, pay.body.msg], ['ORDER_CLOSED', '订单已关闭，请重新下单'])
    const english = await t.post(
      '/api/LifePay/GetPayOrderForJsAPI',
      { orderNo: order.orderNo, lifePayType: 10 },
      { ...alice, headers: { 'accept-language': 'en' } },
    )
    assert.equal(english.body.msg, 'The order has been closed, please place a new order')
    assert.equal(
      (await t.post('/api/LifePay/SetLifePayOrderPayType', { orderNo: order.orderNo, lifePayType: 20 }, alice)).body
        .error,
      'ORDER_CLOSED',
    )
    // The payment opened before the close was closed with it: the cashier cannot complete it.
    assert.equal((await t.post('/api/dev/pay/confirm', { orderNo: order.orderNo })).body.error, 'ORDER_CLOSED')
  })

  test('the deadline holds even before the expiry job runs', async () => {
    const order = await createPhoneOrder(t, alice)
    t.clock.advance(30 * 60_000)
    const pay = await t.post('/api/LifePay/GetPayOrderForJsAPI', { orderNo: order.orderNo, lifePayType: 10 }, alice)
    assert.equal(pay.body.error, 'ORDER_CLOSED')
    assert.deepEqual(await stateOf(t, alice, order.orderNo), [10, 20, null])
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, order.orderNo), [10, 20, null])
  })
})
