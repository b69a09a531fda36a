import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { OssSts } from '@contract/account'
import { loadConfig } from '../src/config'
import { productionProblems } from '../src/productionReadiness'
import { FAKE_ROLE_ARN, startFakeAliyun, type FakeAliyun } from './support/fakeAliyun'
import { appOnFakeAliyun } from './support/aliyunTestApp'
import { applyForRefund, createPhoneOrder, payInSandbox } from './support/orderFlows'
import { TINY_PNG } from './support/ossUpload'
import { RECHARGE_REFUNDABLE_AFTER_MINUTES } from '@domain/orderTransitions'
import type { TestApp } from './support/testApp'

// STORAGE_PROVIDER=aliyun through GetOssSTS, against a local STS that checks Alibaba Cloud's V3 signature itself
// (support/fakeAliyun.ts) and keeps the policy it was given: each user's credentials are limited to PutObject in
// their own folder, for 20 minutes, and nothing is shared between users. Users register through the sandbox SMS.

let fake: FakeAliyun
let t: TestApp

/** A paid order (…0009: the supplier never takes it) whose user applied for a refund, on `app`. */
async function orderUnderReview(app: TestApp = t): Promise<string> {
  const code = await app.smsCode('13600000090')
  const userId = await app.data(
    app.post<string>('/api/Account/LifePayPhoneMesssageCodeLogin', { phoneNumber: '13600000090', code }),
  )
  app.clock.advance(61_000)
  const user = { headers: { 'x-lifepay-user-id': userId } }
  const { orderNo } = await createPhoneOrder(app, user, { phone: `138${String(Date.now()).slice(-4)}0009` })
  await payInSandbox(app, user, orderNo)
  await app.app.jobs.drain()
  app.clock.advance(RECHARGE_REFUNDABLE_AFTER_MINUTES * 60_000)
  await app.data(applyForRefund(app, user, orderNo, { refundApplyRemark: '未到账' }))
  return orderNo
}

const STORAGE = { STORAGE_PROVIDER: 'aliyun' }

before(async () => {
  fake = await startFakeAliyun(() => t.clock.now())
  t = await appOnFakeAliyun(fake, STORAGE)
})
after(async () => {
  await t.close()
  await fake.close()
})

describe('Alibaba Cloud STS for GetOssSTS (AssumeRole, ACS3-HMAC-SHA256)', () => {
  test('the CSP lets the console post vouchers to the real bucket and show them, and no other origin', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })
    const csp = String(response.headers['content-security-policy'])
    const bucket = 'https://life-pay-uploads.oss-cn-hangzhou.aliyuncs.com'
    assert.match(csp, new RegExp(`connect-src 'self' ${bucket.replace(/\./g, '\\.')};`))
    assert.match(csp, new RegExp(`img-src 'self' data: blob: ${bucket.replace(/\./g, '\\.')};`))
  })

  test('credentials from STS, for 20 minutes, limited to PutObject in the user’s own folder', async () => {
    assert.equal((await t.post('/api/Account/GetOssSTS')).status, 401)
    const user = await t.register('13600000001')
    const sts = await t.data(t.post<OssSts>('/api/Account/GetOssSTS', {}, { token: user.accessToken }))
    const role = fake.roles.at(-1)
    assert.ok(role)
    assert.equal(sts.accessKeyId, role.accessKeyId)
    assert.match(sts.accessKeyId, /^STS\./)
    assert.ok(sts.accessKeySecret && sts.securityToken)
    assert.equal(sts.bucket, 'life-pay-uploads')
    assert.equal(sts.host, 'https://life-pay-uploads.oss-cn-hangzhou.aliyuncs.com')
    assert.equal(sts.dir, `users/${user.userId}/`)
    assert.equal(new Date(sts.expiration).getTime(), new Date(role.expiration).getTime())
    const validForS = (new Date(sts.expiration).getTime() - t.clock.now().getTime()) / 1000
    assert.ok(validForS > 1199 && validForS <= 1200, `${validForS}`)
    assert.equal(role.roleArn, FAKE_ROLE_ARN)
    assert.equal(role.durationSeconds, 1200)
    assert.equal(role.roleSessionName, `u-${user.userId}`)
    assert.deepEqual(role.policy, {
      Version: '1',
      Statement: [
        {
          Effect: 'Allow',
          Action: ['oss:PutObject'],
          Resource: [`acs:oss:*:*:life-pay-uploads/users/${user.userId}/*`],
        },
      ],
    })
  })

  test('refund vouchers: a reviewer’s credentials put only in refund-vouchers/<id>/; approvals take only our bucket’s', async () => {
    const operator = { headers: { 'x-operator-token': t.config.operatorToken } }
    const sts = await t.data(t.post<OssSts>('/api/operator/refundVoucherCredentials', {}, operator))
    const owner = '00000000-0000-0000-0000-000000000000'
    assert.equal(sts.dir, `refund-vouchers/${owner}/`)
    const policy = fake.roles.at(-1)?.policy as { Statement: { Resource: string[] }[] }
    assert.deepEqual(policy.Statement[0].Resource, [`acs:oss:*:*:life-pay-uploads/refund-vouchers/${owner}/*`])
    const storage = t.app.ctx.providers.storage
    assert.equal(storage.objectKeyOf(`${sts.host}/${sts.dir}a.png`, 'http://ignored'), `${sts.dir}a.png`)
    for (const url of [
      `https://other-bucket.oss-cn-hangzhou.aliyuncs.com/${sts.dir}a.png`,
      `${sts.host}.evil.example/${sts.dir}a.png`,
      `${sts.host}/${sts.dir}../x.png`,
      `${sts.host}/${sts.dir}a.png?x-oss-process=1`,
    ])
      assert.equal(storage.objectKeyOf(url, 'http://ignored'), null, url)
  })

  test('refund vouchers on the real bucket: read back by the server (GetObject, V1 signature), checked by their bytes, served to operators only', async () => {
    const operator = { headers: { 'x-operator-token': t.config.operatorToken } }
    const sts = await t.data(t.post<OssSts>('/api/operator/refundVoucherCredentials', {}, operator))
    // What the console's PostObject leaves in the bucket (the upload goes from the browser to OSS, around us).
    fake.putObject(`${sts.dir}proof.png`, TINY_PNG)
    fake.putObject(`${sts.dir}page.png`, Buffer.from('<!doctype html><p>not an image</p>'))
    const orderNo = await orderUnderReview()
    const approve = (key: string) =>
      t.post(`/api/admin/refunds/${orderNo}/approve`, { refundCredentialsImgUrl: `${sts.host}/${key}` }, operator)
    for (const [key, msg] of [
      [`${sts.dir}page.png`, '退款凭证：文件内容不是图片，请上传 PNG、JPG、GIF 或 WebP 图片'],
      [`${sts.dir}never-uploaded.png`, '退款凭证：请先上传退款凭证图片（仅接受本系统上传的凭证）'],
      [
        'refund-vouchers/11111111-1111-4111-8111-111111111111/proof.png',
        '退款凭证：只能使用你本人上传的凭证，请重新上传',
      ],
    ]) {
      const refused = await approve(key)
      assert.deepEqual([refused.body.error, refused.body.msg], ['VALIDATION_FAILED', msg], key)
    }
    // Each read was signed with the server's AccessKey and answered as OSS answers it.
    assert.deepEqual(
      fake.objectReads.slice(-2).map((read) => read.status),
      [200, 404],
    )
    await t.data(approve(`${sts.dir}proof.png`))
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/operator/orders/${orderNo}/refundVoucher`,
      headers: operator.headers,
    })
    assert.deepEqual(
      [read.statusCode, read.headers['content-type'], read.headers['cache-control']],
      [200, 'image/png', 'private, no-store'],
    )
    assert.deepEqual(read.rawPayload, TINY_PNG)
  })

  test('a voucher read signed with another secret is refused by OSS: the approval answers 503, nothing claimed', async () => {
    const forged = await appOnFakeAliyun(fake, STORAGE, `${fake.credentials().accessKeySecret}x`)
    try {
      const operator = { headers: { 'x-operator-token': forged.config.operatorToken } }
      fake.putObject('refund-vouchers/00000000-0000-0000-0000-000000000000/forged.png', TINY_PNG)
      const orderNo = await orderUnderReview(forged)
      const url = `https://life-pay-uploads.oss-cn-hangzhou.aliyuncs.com/refund-vouchers/00000000-0000-0000-0000-000000000000/forged.png`
      const answer = await forged.post(
        `/api/admin/refunds/${orderNo}/approve`,
        { refundCredentialsImgUrl: url },
        operator,
      )
      assert.deepEqual([answer.status, answer.body.error], [503, 'PROVIDER_UNAVAILABLE'])
      assert.equal(fake.objectReads.at(-1)?.status, 403)
    } finally {
      await forged.close()
    }
  })

  test('each user gets credentials of their own, never another’s (nothing cached across users)', async () => {
    const first = await t.register('13600000002')
    const second = await t.register('13600000003')
    const a = await t.data(t.post<OssSts>('/api/Account/GetOssSTS', {}, { token: first.accessToken }))
    const aPolicy = JSON.stringify(fake.roles.at(-1)?.policy)
    const b = await t.data(t.post<OssSts>('/api/Account/GetOssSTS', {}, { token: second.accessToken }))
    const bPolicy = JSON.stringify(fake.roles.at(-1)?.policy)
    assert.notEqual(a.accessKeyId, b.accessKeyId)
    assert.equal(b.dir, `users/${second.userId}/`)
    assert.ok(aPolicy.includes(`/users/${first.userId}/*`) && !aPolicy.includes(second.userId))
    assert.ok(bPolicy.includes(`/users/${second.userId}/*`) && !bPolicy.includes(first.userId))
    // No sandbox bucket while the real one is configured.
    assert.equal((await t.app.inject({ method: 'POST', url: '/static/oss' })).statusCode, 404)
  })

  test('a request signed with another secret is refused by STS; the user gets 503, no credentials', async () => {
    const forged = await appOnFakeAliyun(fake, STORAGE, `${fake.credentials().accessKeySecret}x`)
    try {
      const user = await forged.register('13600000004')
      const before = fake.roles.length
      const answer = await forged.post('/api/Account/GetOssSTS', {}, { token: user.accessToken })
      assert.deepEqual([answer.status, answer.body.success, answer.body.error], [503, false, 'PROVIDER_UNAVAILABLE'])
      assert.equal(answer.body.data ?? null, null)
      assert.equal(fake.answers.at(-1)?.code, 'SignatureDoesNotMatch')
      assert.equal(fake.roles.length, before)
    } finally {
      await forged.close()
    }
  })

  test('production accepts the Alibaba Cloud SMS and storage providers', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SMS_PROVIDER: 'aliyun',
      STORAGE_PROVIDER: 'aliyun',
      ...fake.env(),
    } as NodeJS.ProcessEnv)
    const problems = productionProblems(config)
    assert.equal(problems.filter((problem) => /^(SMS|STORAGE)_PROVIDER/.test(problem)).length, 0, problems.join('\n'))
    // The payment providers are still the sandbox here: that is what production still refuses.
    assert.ok(problems.some((problem) => /^(WXPAY|ALIPAY)_PROVIDER/.test(problem)))
  })
})
