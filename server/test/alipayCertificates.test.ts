import assert from 'node:assert/strict'
import { generateKeyPairSync, X509Certificate } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { PayOrderForJsApi } from '@contract/lifePay'
import { LifePayType } from '@domain/lifePayType'
import { loadConfig } from '../src/config'
import { createAlipay } from '../src/providers/alipay'
import { AlipayError } from '../src/providers/alipayGateway'
import { alipayCertSn, alipayRootCertSn, readAlipayCertificates } from '../src/providers/alipayCertificates'
import { startFakeAlipay, type FakeAlipay } from './support/fakeAlipay'
import { ManualClock } from './support/manualClock'
import { createPhoneOrder, orderRow, stateOf } from './support/orderFlows'
import { createTestApp, type Caller, type TestApp } from './support/testApp'
import { issueCertificate, type DistinguishedName } from './support/testCertificates'

// Alipay's certificate mode (公钥证书) against the fake acting as Alipay's CA: the serials on every request, the
// Alipay certificate named on every answer, the certificate's key verifying answers and notifications.

const BUYER_ID = '2088102177846880'
const ANT_ROOT: DistinguishedName = [
  ['C', 'CN'],
  ['O', 'Ant Financial'],
  ['OU', 'Certification Authority'],
  ['CN', 'Ant Financial Certification Authority R1'],
]
const rsaKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 })

let clock: ManualClock
let fake: FakeAlipay
let orderSeq = 0

before(async () => {
  clock = new ManualClock()
  fake = await startFakeAlipay(() => clock.now(), { certificates: true })
})
after(() => fake.close())

const newOrderNo = () => `LP${Date.now()}${++orderSeq}`

describe('Alipay certificate serials', () => {
  test("a certificate's serial: MD5 of the issuer in RFC 2253 order and the decimal serial number (pinned)", () => {
    const key = rsaKey()
    const pem = issueCertificate({
      serialHex: '1F2E3D4C5B6A79880',
      issuer: ANT_ROOT,
      subject: ANT_ROOT,
      publicKey: key.publicKey,
      issuerKey: key.privateKey,
    })
    // md5('CN=Ant Financial Certification Authority R1,OU=Certification Authority,O=Ant Financial,C=CN' +
    //     '35948810596239513728'), computed apart from the code under test.
    assert.equal(alipayCertSn(new X509Certificate(pem)), '02adf74100f130b1d8c463c4fb315090')
  })

  test('the root serial joins the RSA-signed roots with _ and leaves the EC one out', () => {
    const keys = fake.keys()
    const expected = fake.expectedSerials()
    assert.equal(keys.certificates?.alipayRootCertSn, expected.alipayRootCertSn)
    assert.equal(keys.certificates?.alipayRootCertSn.split('_').length, 2)
    assert.equal(keys.certificates?.appCertSn, expected.appCertSn)
    assert.equal(keys.certificates?.alipayCertSn, expected.alipayCertSn)
    const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    const onlyEc = issueCertificate({
      serialHex: '01',
      issuer: ANT_ROOT,
      subject: ANT_ROOT,
      publicKey: ec.publicKey,
      issuerKey: ec.privateKey,
    })
    assert.throws(() => alipayRootCertSn(onlyEc), /no RSA certificate/)
  })

  test('unreadable or non-certificate files stop the start, naming their setting', () => {
    const dir = mkdtempSync(join(tmpdir(), 'life-pay-alipay-cert-'))
    try {
      const settings = fake.settings(dir)
      assert.equal(settings.verification.mode, 'certificates')
      if (settings.verification.mode !== 'certificates') return
      const files = settings.verification
      assert.ok(readAlipayCertificates(files).alipayPublicKey)
      writeFileSync(files.alipayCertFile, 'not a certificate')
      assert.throws(() => readAlipayCertificates(files), /^Error: ALIPAY_CERT_FILE: not a PEM certificate/)
      assert.throws(
        () => readAlipayCertificates({ ...files, rootCertFile: join(dir, 'missing.crt') }),
        /^Error: ALIPAY_CERT_FILE|ALIPAY_ROOT_CERT_FILE: cannot read/,
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('Alipay gateway calls in certificate mode', () => {
  test('trade.create carries both serials, the answer is verified with the Alipay certificate', async () => {
    const pay = createAlipay({ clock, keys: fake.keys() })
    const orderNo = newOrderNo()
    const prepared = await pay.prepare({} as never, {
      outTradeNo: orderNo,
      lifePayType: LifePayType.AliPay,
      amountFen: 985,
      description: '生活缴费',
      openId: BUYER_ID,
    })
    assert.equal(prepared.aliPayTradeNo, fake.trades.get(orderNo)?.tradeNo)
    const request = fake.requests.at(-1)
    assert.equal(request?.code, '10000')
    assert.equal(request?.params.app_cert_sn, fake.expectedSerials().appCertSn)
    assert.equal(request?.params.alipay_root_cert_sn, fake.expectedSerials().alipayRootCertSn)
  })

  test('another app certificate: Alipay refuses the request', async () => {
    const keys = fake.keys()
    const pay = createAlipay({
      clock,
      keys: { ...keys, certificates: { ...keys.certificates!, appCertSn: 'f'.repeat(32) } },
    })
    await assert.rejects(pay.queryPayment(newOrderNo()), (error: unknown) => {
      assert.ok(error instanceof AlipayError)
      assert.equal(error.subCode, 'isv.app-cert-sn-error')
      return true
    })
  })

  test('Alipay rotated its certificate: answers are not believed, and the error says what to do', async () => {
    const rotating = await startFakeAlipay(() => clock.now(), { certificates: true })
    try {
      const pay = createAlipay({ clock, keys: rotating.keys() })
      assert.deepEqual(await pay.queryPayment(newOrderNo()), { status: 'notFound' })
      rotating.rotateAlipayCertificate()
      await assert.rejects(pay.queryPayment(newOrderNo()), /download the current Alipay public certificate/)
    } finally {
      await rotating.close()
    }
  })
})

describe('ALIPAY_* certificate settings', () => {
  const base = {
    PAYMENT_PROVIDER: 'alipay',
    ALIPAY_APP_ID: '2021',
    ALIPAY_PRIVATE_KEY_FILE: '/keys/app_private_key.pem',
    ALIPAY_NOTIFY_URL: 'https://pay.example.com/api/pay/notify/alipay',
  }
  test('any certificate file chooses certificate mode and needs the other two', () => {
    assert.throws(
      () => loadConfig({ ...base, ALIPAY_APP_CERT_FILE: '/keys/app.crt' } as NodeJS.ProcessEnv),
      (error: Error) => {
        assert.match(error.message, /ALIPAY_CERT_FILE is not set \(certificate mode\)/)
        assert.match(error.message, /ALIPAY_ROOT_CERT_FILE is not set \(certificate mode\)/)
        assert.doesNotMatch(error.message, /ALIPAY_PUBLIC_KEY_FILE/)
        return true
      },
    )
    const config = loadConfig({
      ...base,
      ALIPAY_APP_CERT_FILE: '/keys/app.crt',
      ALIPAY_CERT_FILE: '/keys/alipay.crt',
      ALIPAY_ROOT_CERT_FILE: '/keys/root.crt',
    } as NodeJS.ProcessEnv)
    assert.deepEqual(config.alipay?.verification, {
      mode: 'certificates',
      appCertFile: '/keys/app.crt',
      alipayCertFile: '/keys/alipay.crt',
      rootCertFile: '/keys/root.crt',
    })
  })

  test('both modes at once is refused; neither names both ways', () => {
    assert.throws(
      () =>
        loadConfig({
          ...base,
          ALIPAY_PUBLIC_KEY_FILE: '/keys/alipay_public_key.pem',
          ALIPAY_ROOT_CERT_FILE: '/keys/root.crt',
        } as NodeJS.ProcessEnv),
      /ALIPAY_PUBLIC_KEY_FILE is set with certificate files: set one mode, not both/,
    )
    assert.throws(
      () => loadConfig(base as NodeJS.ProcessEnv),
      /ALIPAY_PUBLIC_KEY_FILE is not set \(public-key mode; or ALIPAY_APP_CERT_FILE, ALIPAY_CERT_FILE and ALIPAY_ROOT_CERT_FILE/,
    )
  })
})

describe('Alipay certificate mode through the app', () => {
  let t: TestApp
  let alice: Caller
  let keyDir: string
  before(async () => {
    keyDir = mkdtempSync(join(tmpdir(), 'life-pay-alipay-cert-'))
    t = await createTestApp({
      config: {
        payTypes: { [LifePayType.AliPay]: 'alipay', [LifePayType.WxPay]: null },
        alipay: fake.settings(keyDir),
      },
    })
    clock = t.clock
    alice = { token: (await t.register('13500000029')).accessToken }
  })
  after(async () => {
    await t.close()
    rmSync(keyDir, { recursive: true, force: true })
  })

  test('create, trade.create with the serials, the notification verified by the certificate key: paid', async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    const prepared = await t.data(
      t.post<PayOrderForJsApi>(
        '/api/LifePay/GetPayOrderForJsAPI',
        { orderNo, lifePayType: LifePayType.AliPay, openId: BUYER_ID },
        alice,
      ),
    )
    assert.equal(prepared.aliPayTradeNo, fake.trades.get(orderNo)?.tradeNo)
    const paid = fake.pay(orderNo)
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: fake.notification(orderNo),
    })
    assert.equal(answer.body, 'success')
    assert.equal((await orderRow(t, orderNo)).transactionId, paid.tradeNo)
    assert.equal((await stateOf(t, alice, orderNo))[0], 20)
  })
})
