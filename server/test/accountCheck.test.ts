import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { CarrierCode } from '@domain/carrier'
import { ElectricAccountType, ElectricType } from '@domain/electric'
import { GasProvider } from '@domain/gas'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import type { CreateLifePayOrderResult, LifePayAccountCheck, PhoneCarrierCheck } from '@contract/lifePay'
import { appOnFakeAliyun } from './support/aliyunTestApp'
import { startFakeAliyun, type FakeAliyun } from './support/fakeAliyun'
import { createTestApp, GENEROUS_LIMITS, type Caller, type TestApp } from './support/testApp'

// Issue 20, the checks before paying: CheckLifePayAccount against the sandbox supplier's account book (Fulu publishes
// no account lookup), CheckPhoneCarrier against the sandbox lookup and Alibaba Cloud 号码百科 (a local fake that
// checks the ACS3 signature).

const CHECK_ACCOUNT = '/api/LifePay/CheckLifePayAccount'
const CHECK_CARRIER = '/api/LifePay/CheckPhoneCarrier'
const SHANGHAI = { electricType: ElectricType.Guowang, province: '310000', city: '310100' }

const electric = (account: string) => ({ lifePayOrderType: LifePayOrderType.Electric, account, ...SHANGHAI })
const gas = (account: string) => ({ lifePayOrderType: LifePayOrderType.Gas, account, gasOrgType: GasProvider.XinAo })

let t: TestApp
let alice: Caller

before(async () => {
  t = await createTestApp()
  alice = { token: (await t.register('13600000101')).accessToken }
})
after(() => t.close())

describe('CheckLifePayAccount (sandbox supplier)', () => {
  test('a known electricity account: the holder masked, never whole, with the balance the supplier keeps', async () => {
    // Last digit 0 → 张小三; second-to-last 2 → a balance of the last four digits in fen.
    const answer = await t.post<LifePayAccountCheck>(CHECK_ACCOUNT, electric('3100123451020'), alice)
    assert.equal(answer.status, 200)
    assert.deepEqual(answer.body.data, { status: 'found', holderName: '张*三', balance: 10.2, owed: null })
    assert.ok(!JSON.stringify(answer.body).includes('张小三'))
  })

  test('a gas account that owes: the amount owed; a two-character name shows its first character', async () => {
    const answer = await t.post<LifePayAccountCheck>(CHECK_ACCOUNT, gas('GZ88001231'), alice)
    assert.deepEqual(answer.body.data, { status: 'found', holderName: '王*', balance: null, owed: 12.31 })
  })

  test('an account the supplier does not keep figures for: the name alone', async () => {
    const answer = await t.post<LifePayAccountCheck>(CHECK_ACCOUNT, electric('3100123450074'), alice)
    assert.deepEqual(answer.body.data, { status: 'found', holderName: '欧**娜', balance: null, owed: null })
  })

  test('an unknown account: a readable refusal in zh-CN and en-US, never a 500', async () => {
    const zh = await t.post(CHECK_ACCOUNT, electric('3100123454044'), alice)
    assert.equal(zh.status, 200)
    assert.equal(zh.body.success, false)
    assert.equal(zh.body.error, 'LIFE_PAY_ACCOUNT_NOT_FOUND')
    assert.equal(zh.body.msg, '国家电网查无此户号，请核对户号和地区')
    const en = await t.post(CHECK_ACCOUNT, gas('GZ88004044'), { ...alice, headers: { 'accept-language': 'en-US' } })
    assert.equal(en.body.error, 'LIFE_PAY_ACCOUNT_NOT_FOUND')
    assert.match(en.body.msg ?? '', /has no account with this number/)
  })

  test('the supplier cannot answer now: status unavailable, the user may go on', async () => {
    const answer = await t.post<LifePayAccountCheck>(CHECK_ACCOUNT, electric('3100123455035'), alice)
    assert.deepEqual(answer.body.data, { status: 'unavailable', holderName: null, balance: null, owed: null })
  })

  test('bad input is refused by field before any lookup: account format, grid, area, gas company', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [electric('12'), 'VALIDATION_FAILED'],
      [{ ...electric('3100123451020'), electricType: undefined }, 'VALIDATION_FAILED'],
      [{ ...electric('3100123451020'), city: '999999' }, 'AREA_NOT_SUPPORTED'],
      [{ ...electric('3100123451020'), electricType: ElectricType.Nanwang }, 'ELECTRIC_TYPE_MISMATCH'],
      [{ ...gas('GZ88001231'), gasOrgType: undefined }, 'VALIDATION_FAILED'],
      [{ ...gas('GZ88001231'), lifePayOrderType: LifePayOrderType.Phone }, 'VALIDATION_FAILED'],
    ]
    for (const [input, code] of cases) {
      const answer = await t.post(CHECK_ACCOUNT, input, alice)
      assert.equal(answer.body.error, code, JSON.stringify(input))
    }
  })

  test('logged in (token or virtual user) only', async () => {
    const answer = await t.post(CHECK_ACCOUNT, electric('3100123451020'))
    assert.equal(answer.status, 401)
  })

  test('an order needs no lookup first (old clients)', async () => {
    const order = await t.post<CreateLifePayOrderResult>(
      '/api/LifePay/CreateLifePayElectricOrder',
      {
        electricAccount: '3100123459876',
        electricAccountType: ElectricAccountType.House,
        ...SHANGHAI,
        parValue: 100,
        idempotencyKey: 'no-lookup-order-1',
      },
      alice,
    )
    assert.equal(order.body.success, true, JSON.stringify(order.body))
  })
})

describe('the lookup limit (per user per hour, shared by both lookups)', () => {
  test('past the limit: TOO_MANY_REQUESTS (429) for both lookups; another user and the next hour are not held', async () => {
    const limited = await createTestApp({ config: { limits: { ...GENEROUS_LIMITS, accountLookupsPerUserHour: 3 } } })
    try {
      const bob = { token: (await limited.register('13600000102')).accessToken }
      const carol = { token: (await limited.register('13600000103')).accessToken }
      for (let i = 0; i < 2; i++) {
        assert.equal((await limited.post(CHECK_ACCOUNT, electric(`310012345${i}020`), bob)).body.success, true)
      }
      assert.equal((await limited.post(CHECK_CARRIER, { phone: '13900000001' }, bob)).body.success, true)
      const refused = await limited.post(CHECK_ACCOUNT, electric('3100123453020'), bob)
      assert.equal(refused.status, 429)
      assert.equal(refused.body.error, 'TOO_MANY_REQUESTS')
      assert.equal((await limited.post(CHECK_CARRIER, { phone: '13900000001' }, bob)).status, 429)
      assert.equal((await limited.post(CHECK_ACCOUNT, electric('3100123451020'), carol)).body.success, true)
      limited.clock.advance(60 * 60_000)
      assert.equal((await limited.post(CHECK_ACCOUNT, electric('3100123451020'), bob)).body.success, true)
    } finally {
      await limited.close()
    }
  })
})

describe('CheckPhoneCarrier (sandbox lookup)', () => {
  test('an ordinary number: the prefix guess confirmed, with where it is registered', async () => {
    const answer = await t.data(t.post<PhoneCarrierCheck>(CHECK_CARRIER, { phone: '13900000001' }, alice))
    assert.deepEqual(answer, {
      verified: true,
      ispCode: CarrierCode.Yidong,
      guessedIspCode: CarrierCode.Yidong,
      ported: false,
      province: '广东',
      city: '广州',
    })
  })

  test('a ported number (139… now on China Unicom): the corrected carrier, and that it was ported', async () => {
    const answer = await t.data(t.post<PhoneCarrierCheck>(CHECK_CARRIER, { phone: '13900000088' }, alice))
    assert.equal(answer.verified, true)
    assert.equal(answer.ispCode, CarrierCode.Liantong)
    assert.equal(answer.guessedIspCode, CarrierCode.Yidong)
    assert.equal(answer.ported, true)
  })

  test('the lookup cannot say: the prefix guess, unverified', async () => {
    const answer = await t.data(t.post<PhoneCarrierCheck>(CHECK_CARRIER, { phone: '13900000055' }, alice))
    assert.deepEqual(answer, {
      verified: false,
      ispCode: CarrierCode.Yidong,
      guessedIspCode: CarrierCode.Yidong,
      ported: false,
      province: null,
      city: null,
    })
  })

  test('not a mobile number: VALIDATION_FAILED naming the phone field', async () => {
    const answer = await t.post(CHECK_CARRIER, { phone: '12345' }, alice)
    assert.equal(answer.body.error, 'VALIDATION_FAILED')
    assert.match(answer.body.msg ?? '', /手机号/)
  })
})

describe('CheckPhoneCarrier with CARRIER_LOOKUP_PROVIDER=off', () => {
  test('every number keeps the prefix guess, unverified, the sandbox’s demo ported numbers included', async () => {
    const off = await createTestApp({ config: { carrierLookup: 'off' } })
    try {
      const user = { token: (await off.register('13600000102')).accessToken }
      for (const phone of ['13900000001', '13900000088']) {
        const answer = await off.data(off.post<PhoneCarrierCheck>(CHECK_CARRIER, { phone }, user))
        assert.deepEqual(answer, {
          verified: false,
          ispCode: CarrierCode.Yidong,
          guessedIspCode: CarrierCode.Yidong,
          ported: false,
          province: null,
          city: null,
        })
      }
    } finally {
      await off.close()
    }
  })
})

describe('Fulu as the supplier: no account lookup (docs/supplier.md § Account lookup)', () => {
  test('the account cannot be checked now: the user is told so and may go on, nothing is asked of Fulu', async () => {
    const app = await createTestApp({
      config: {
        providers: { ...t.config.providers, supplier: 'fulu' },
        fuluSupplier: {
          // Nothing listens there: a lookup that asked would fail, not answer.
          gateway: 'http://127.0.0.1:9/api/getway',
          appKey: 'fulu-app-key',
          appSecret: 'fulu-app-secret-0123456789abcdefgh',
          timeoutMs: 1_000,
          callbackMaxAgeMs: 300_000,
          products: {},
        },
      },
    })
    try {
      const bob = { token: (await app.register('13600000104')).accessToken }
      const answer = await app.post<LifePayAccountCheck>(CHECK_ACCOUNT, electric('3100000000001'), bob)
      assert.deepEqual(answer.body.data, { status: 'unavailable', holderName: null, balance: null, owed: null })
    } finally {
      await app.close()
    }
  })
})

describe('Alibaba Cloud 号码百科 (DescribePhoneNumberOperatorAttribute, ACS3-HMAC-SHA256)', () => {
  let fake: FakeAliyun
  let app: TestApp
  let bob: Caller

  before(async () => {
    fake = await startFakeAliyun(() => app.clock.now())
    app = await appOnFakeAliyun(fake, { CARRIER_LOOKUP_PROVIDER: 'aliyun' })
    bob = { token: (await app.register('13600000105')).accessToken }
    fake.number('13900000001', {
      basicCarrier: '中国移动',
      carrier: '中国移动',
      ported: false,
      province: '广东',
      city: '广州',
    })
    fake.number('13900000002', {
      basicCarrier: '中国联通',
      carrier: '中国联通',
      ported: true,
      province: '浙江',
      city: '杭州',
    })
  })
  after(async () => {
    await app.close()
    await fake.close()
  })

  test('a number on its own carrier: confirmed, with province and city', async () => {
    const answer = await app.data(app.post<PhoneCarrierCheck>(CHECK_CARRIER, { phone: '13900000001' }, bob))
    assert.deepEqual(answer, {
      verified: true,
      ispCode: CarrierCode.Yidong,
      guessedIspCode: CarrierCode.Yidong,
      ported: false,
      province: '广东',
      city: '广州',
    })
    assert.deepEqual(fake.answers.at(-1), { action: 'DescribePhoneNumberOperatorAttribute', status: 200, code: 'OK' })
  })

  test('a ported 139 number: China Unicom, ported', async () => {
    const answer = await app.data(app.post<PhoneCarrierCheck>(CHECK_CARRIER, { phone: '13900000002' }, bob))
    assert.equal(answer.ispCode, CarrierCode.Liantong)
    assert.equal(answer.ported, true)
    assert.equal(answer.city, '杭州')
  })

  test('a number it does not know, or an outage: the prefix guess, unverified, never an error', async () => {
    const unknown = await app.data(app.post<PhoneCarrierCheck>(CHECK_CARRIER, { phone: '13900000003' }, bob))
    assert.equal(unknown.verified, false)
    assert.equal(unknown.ispCode, CarrierCode.Yidong)
    assert.equal(fake.answers.at(-1)?.code, 'isp.NUMBER_NON_EXISTENT')
    fake.failNext(503)
    const down = await app.data(app.post<PhoneCarrierCheck>(CHECK_CARRIER, { phone: '13900000001' }, bob))
    assert.equal(down.verified, false)
  })

  test('signed with the wrong secret: refused by the fake (SignatureDoesNotMatch), the guess kept', async () => {
    const wrong = await appOnFakeAliyun(fake, { CARRIER_LOOKUP_PROVIDER: 'aliyun' }, 'not-the-secret')
    try {
      const carol = { token: (await wrong.register('13600000106')).accessToken }
      const answer = await wrong.data(wrong.post<PhoneCarrierCheck>(CHECK_CARRIER, { phone: '13900000002' }, carol))
      assert.equal(answer.verified, false)
      assert.equal(answer.ispCode, CarrierCode.Yidong)
      assert.equal(fake.answers.at(-1)?.code, 'SignatureDoesNotMatch')
    } finally {
      await wrong.close()
    }
  })
})
