import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { CreateLifePayOrderResult, GasOrgTypeList } from '@contract/lifePay'
import type { OperatorOrder } from '@contract/admin'
import { CarrierCode } from '@domain/carrier'
import { ElectricAccountType, ElectricType } from '@domain/electric'
import { GasProvider } from '@domain/gas'
import { newKey, orderDetail, orderRow } from './support/orderFlows'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

// Issue 36, item 0: what the production back end's types require of each kind of order, refused with a clear message.

let t: TestApp
let alice: Caller
let operator: Caller
before(async () => {
  t = await createTestApp()
  alice = { token: (await t.register('13700000031')).accessToken }
  operator = { headers: { 'x-operator-token': t.config.operatorToken } }
})
after(() => t.close())

const create = (path: string, body: Record<string, unknown>) =>
  t.post<CreateLifePayOrderResult>(`/api/LifePay/${path}`, { parValue: 100, idempotencyKey: newKey(), ...body }, alice)

describe('China Telecom: the holder’s name (电信手机号必填)', () => {
  const phone = (body: Record<string, unknown>) =>
    create('CreateLifePayPhoneOrder', { phone: '13312345678', ispCode: CarrierCode.Dianxin, ...body })

  test('refused without it, in words that say why; made with it', async () => {
    const refused = await phone({})
    assert.deepEqual([refused.body.success, refused.body.error], [false, 'VALIDATION_FAILED'])
    assert.match(refused.body.msg ?? '', /中国电信号码需填写机主姓名$/)
    assert.match((await phone({ name: '   ' })).body.msg ?? '', /中国电信号码需填写机主姓名$/)
    const order = await t.data(phone({ name: '张三' }))
    assert.equal((await orderDetail(t, alice, order.orderNo)).name, '张三')
  })

  test('the other carriers do not need it', async () => {
    for (const ispCode of [CarrierCode.Yidong, CarrierCode.Liantong])
      assert.ok((await t.data(phone({ phone: '13812345678', ispCode }))).orderNo)
  })
})

describe('Southern Grid: sixID (南网必传); State Grid: the account type (国网必传)', () => {
  const southern = {
    electricType: ElectricType.Nanwang,
    province: '440000',
    city: '440300',
    electricAccount: '0300123456',
    name: '张三',
  }
  const electric = (body: Record<string, unknown>) => create('CreateLifePayElectricOrder', body)

  test('Southern Grid without sixID, or with one that is not six characters of an ID number, is refused', async () => {
    assert.match((await electric(southern)).body.msg ?? '', /南方电网需填写户主身份证号后6位$/)
    for (const sixID of ['12345', '1234567', '1234X5', '12345Y'])
      assert.match((await electric({ ...southern, sixID })).body.msg ?? '', /6位数字，或5位数字加X/, sixID)
  })

  test('made with it (a lower-case x is X); every view shows it masked, the row keeps it for the supplier', async () => {
    const order = await t.data(electric({ ...southern, sixID: '12345x' }))
    assert.equal((await orderRow(t, order.orderNo)).sixId, '12345X')
    assert.equal((await orderDetail(t, alice, order.orderNo)).sixID, '*****X')
    const forOperator = await t.data(t.get<OperatorOrder>(`/api/admin/orders/${order.orderNo}`, operator))
    assert.equal(forOperator.sixID, '*****X')
  })

  test('Southern Grid needs no account type; State Grid does', async () => {
    assert.ok((await t.data(electric({ ...southern, sixID: '123456' }))).orderNo)
    const stateGrid = {
      electricType: ElectricType.Guowang,
      province: '310000',
      city: '310100',
      electricAccount: '3100123456789',
    }
    assert.match((await electric(stateGrid)).body.msg ?? '', /国家电网需选择电费类型$/)
    const order = await t.data(electric({ ...stateGrid, electricAccountType: ElectricAccountType.House }))
    assert.equal((await orderDetail(t, alice, order.orderNo)).electricAccountType, 'house')
    // State Grid has no use for sixID: it is not kept.
    const withSix = await t.data(electric({ ...stateGrid, electricAccountType: 'house', sixID: '123456' }))
    assert.equal((await orderRow(t, withSix.orderNo)).sixId, null)
  })
})

describe('gas: the company from GetGasOrgType, the province and city on the order', () => {
  const gas = (body: Record<string, unknown>) =>
    create('CreateLifePayGasOrder', { gasAccount: '88001234', gasOrgType: GasProvider.XinAo, ...body })

  test('GetGasOrgType lists the companies on offer in production’s shape', async () => {
    const { gasSupportMerchantInfos } = await t.data(t.post<GasOrgTypeList>('/api/LifePay/GetGasOrgType', {}))
    assert.ok(gasSupportMerchantInfos.some((c) => c.gasOrgTypeCode === 'xin_ao' && c.gasOrgTypeName === '新奥燃气'))
    const codes = gasSupportMerchantInfos.map((c) => c.gasOrgTypeCode)
    assert.equal(new Set(codes).size, codes.length)
  })

  test('refused without a province and city, or with a city of another province', async () => {
    assert.match((await gas({})).body.msg ?? '', /请选择所在省份和城市$/)
    assert.match((await gas({ province: '310000' })).body.msg ?? '', /请选择所在省份和城市$/)
    const elsewhere = await gas({ province: '310000', city: '440300' })
    assert.deepEqual([elsewhere.body.error, elsewhere.body.msg], ['REGION_UNKNOWN', '请选择正确的省份和城市'])
  })

  test('made with codes or names, stored as codes', async () => {
    for (const [province, city] of [
      ['440000', '440300'],
      ['广东省', '深圳市'],
    ]) {
      const order = await t.data(gas({ province, city }))
      const detail = await orderDetail(t, alice, order.orderNo)
      assert.deepEqual([detail.province, detail.city], ['440000', '440300'])
    }
  })
})
