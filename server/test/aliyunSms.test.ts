import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { VerificationCodeBusinessType } from '@domain/verificationCodePurpose'
import { loadConfig } from '../src/config'
import { smsCodes } from '../src/db/schema'
import { acs3Authorization, callAliyunRpc, canonicalRequest, percentEncode } from '../src/providers/aliyunSignature'
import { FAKE_TEMPLATES, startFakeAliyun, type FakeAliyun } from './support/fakeAliyun'
import { appOnFakeAliyun } from './support/aliyunTestApp'
import type { TestApp } from './support/testApp'

// SMS_PROVIDER=aliyun through the app's routes, against a local Dysmsapi that checks Alibaba Cloud's V3 signature
// itself (support/fakeAliyun.ts): the code reaches the phone and logs in; a refusal reaches the user as a readable
// message and leaves no code stored; a wrong secret, a replayed nonce, a stale date are refused.

let fake: FakeAliyun
let t: TestApp

const SMS = { SMS_PROVIDER: 'aliyun' }

const send = (app: TestApp, phoneNumber: string, businessType = VerificationCodeBusinessType.LifePayPhoneCodeLogin) =>
  app.post('/api/Account/SendPhoneMessageCode', { phoneNumber, businessType })

const storedCodes = async (app: TestApp, phoneNumber: string) =>
  (await app.database.db.select().from(smsCodes).where(eq(smsCodes.phoneNumber, phoneNumber))).length

before(async () => {
  fake = await startFakeAliyun(() => t.clock.now())
  t = await appOnFakeAliyun(fake, SMS)
})
after(async () => {
  await t.close()
  await fake.close()
})

describe('Alibaba Cloud SMS (SendSms, ACS3-HMAC-SHA256)', () => {
  test('the code is sent with the sign name and the template of its kind, and it logs in', async () => {
    const answer = await send(t, '13700000001')
    assert.equal(answer.body.success, true)
    const [message] = fake.sent.filter((one) => one.phoneNumber === '13700000001')
    assert.equal(message.signName, '生活缴费')
    assert.equal(message.templateCode, FAKE_TEMPLATES[0])
    assert.match(message.code, /^\d{6}$/)
    const login = await t.post<string>('/api/Account/LifePayPhoneMesssageCodeLogin', {
      phoneNumber: '13700000001',
      code: message.code,
    })
    assert.equal(login.body.success, true, JSON.stringify(login.body))
    // No sandbox outbox while the real provider sends.
    assert.equal((await t.get('/api/dev/sms-outbox?phoneNumber=13700000001')).status, 404)
  })

  test('a businessType with its own template (SMS_TEMPLATE_CODES) is sent with it', async () => {
    assert.equal((await send(t, '13700000002', VerificationCodeBusinessType.PhoneCodeRegister)).body.success, true)
    assert.equal(fake.sent.find((one) => one.phoneNumber === '13700000002')?.templateCode, FAKE_TEMPLATES[1])
  })

  test('the provider’s rate limit reaches the user as a readable refusal and leaves no code stored', async () => {
    // Dysmsapi allows 5 per hour per number; the server's own limits (1 per minute, 10 per day) let a sixth through.
    for (let i = 0; i < 5; i++) {
      assert.equal((await send(t, '13700000003')).body.success, true)
      t.clock.advance(61_000)
    }
    const sixth = await send(t, '13700000003')
    assert.deepEqual([sixth.status, sixth.body.success, sixth.body.error], [200, false, 'SMS_SEND_REFUSED'])
    assert.equal(sixth.body.msg, '该手机号获取验证码过于频繁，请稍后再试')
    assert.equal(fake.answers.at(-1)?.code, 'isv.BUSINESS_LIMIT_CONTROL')
    assert.equal(await storedCodes(t, '13700000003'), 5)
    // Nothing was stored, so the server's 60-second wait does not apply: the next try reaches the provider again.
    const again = await send(t, '13700000003')
    assert.equal(again.body.error, 'SMS_SEND_REFUSED')
  })

  test('a number the carrier refuses is named to the user; no code stored', async () => {
    fake.unreachable('13700000004')
    const answer = await send(t, '13700000004')
    assert.deepEqual([answer.status, answer.body.error], [200, 'SMS_SEND_REFUSED'])
    assert.equal(answer.body.msg, '该手机号无法接收短信，请检查号码')
    assert.equal(await storedCodes(t, '13700000004'), 0)
  })

  test('a refusal that is ours to fix (unknown template) reads "try later" to the user; no code stored', async () => {
    const misconfigured = await appOnFakeAliyun(fake, { ...SMS, SMS_TEMPLATE_CODE: 'SMS_999999999' })
    try {
      const answer = await send(misconfigured, '13700000007')
      assert.deepEqual([answer.status, answer.body.error], [200, 'SMS_SEND_REFUSED'])
      assert.equal(answer.body.msg, '验证码短信发送失败，请稍后再试')
      assert.equal(fake.answers.at(-1)?.code, 'isv.SMS_TEMPLATE_ILLEGAL')
      assert.equal(await storedCodes(misconfigured, '13700000007'), 0)
    } finally {
      await misconfigured.close()
    }
  })

  test('an outage (HTTP 5xx) rolls the stored code back and answers 503, not 500', async () => {
    fake.failNext(503)
    const answer = await send(t, '13700000005')
    assert.deepEqual([answer.status, answer.body.error], [503, 'PROVIDER_UNAVAILABLE'])
    assert.equal(await storedCodes(t, '13700000005'), 0)
    assert.equal((await send(t, '13700000005')).body.success, true)
    assert.equal(await storedCodes(t, '13700000005'), 1)
  })

  test('a request signed with another secret is refused (SignatureDoesNotMatch): nothing sent, nothing stored', async () => {
    const forged = await appOnFakeAliyun(fake, SMS, `${fake.credentials().accessKeySecret}x`)
    try {
      const answer = await send(forged, '13700000006')
      assert.deepEqual([answer.status, answer.body.error], [503, 'PROVIDER_UNAVAILABLE'])
      assert.equal(fake.answers.at(-1)?.code, 'SignatureDoesNotMatch')
      assert.equal(fake.sent.filter((one) => one.phoneNumber === '13700000006').length, 0)
      assert.equal(await storedCodes(forged, '13700000006'), 0)
    } finally {
      await forged.close()
    }
  })
})

describe('Alibaba Cloud request signature V3', () => {
  const call = (nonce: string, now = t.clock.now()) =>
    callAliyunRpc({
      endpoint: fake.endpoint,
      action: 'SendSms',
      version: '2017-05-25',
      params: {
        PhoneNumbers: '13700000010',
        SignName: '生活缴费',
        TemplateCode: FAKE_TEMPLATES[0],
        TemplateParam: '{"code":"123456"}',
      },
      credentials: fake.credentials(),
      now,
      nonce,
    })

  test('a nonce seen before is refused, a fresh one accepted', async () => {
    t.clock.advance(3600_000)
    const first = await call('nonce-0001')
    assert.equal(first.body.Code, 'OK')
    t.clock.advance(61_000)
    assert.equal((await call('nonce-0001')).body.Code, 'SignatureNonceUsed')
    assert.equal((await call('nonce-0002')).body.Code, 'OK')
  })

  test('a date more than 15 minutes off is refused', async () => {
    const stale = new Date(t.clock.now().getTime() - 16 * 60_000)
    const answer = await call('nonce-0003', stale)
    assert.deepEqual([answer.status, answer.body.Code], [400, 'InvalidTimeStamp.Expired'])
  })

  test('canonical request: RFC 3986 encoding, sorted query and headers, SHA-256 of the empty body', () => {
    assert.equal(percentEncode("a b*c~d'(!)"), 'a%20b%2Ac~d%27%28%21%29')
    const { text, signedHeaders } = canonicalRequest({
      method: 'POST',
      query: { b: '2 3', a: '{"x":1}' },
      headers: { 'x-acs-action': 'SendSms', host: 'dysmsapi.aliyuncs.com' },
      body: '',
    })
    assert.equal(signedHeaders, 'host;x-acs-action')
    assert.equal(
      text,
      'POST\n/\na=%7B%22x%22%3A1%7D&b=2%203\nhost:dysmsapi.aliyuncs.com\nx-acs-action:SendSms\n\n' +
        'host;x-acs-action\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    )
    assert.match(
      acs3Authorization(
        { accessKeyId: 'id', accessKeySecret: 's' },
        { method: 'POST', query: {}, headers: {}, body: '' },
      ),
      /^ACS3-HMAC-SHA256 Credential=id,SignedHeaders=,Signature=[0-9a-f]{64}$/,
    )
  })

  test('missing settings are all named at once', () => {
    assert.throws(
      () => loadConfig({ SMS_PROVIDER: 'aliyun', STORAGE_PROVIDER: 'aliyun' } as NodeJS.ProcessEnv),
      new RegExp(
        'SMS_PROVIDER=aliyun, STORAGE_PROVIDER=aliyun: ALIYUN_ACCESS_KEY_ID is not set; ALIYUN_ACCESS_KEY_SECRET is ' +
          'not set; SMS_SIGN_NAME is not set; SMS_TEMPLATE_CODE is not set; OSS_BUCKET is not set; OSS_ENDPOINT is ' +
          'not set; STS_ROLE_ARN is not set',
      ),
    )
  })
})
