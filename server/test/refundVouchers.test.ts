import assert from 'node:assert/strict'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import type { OssSts } from '@contract/account'
import type { ApiEnvelope } from '@contract/envelope'
import type { OperatorSession } from '@contract/operators'
import { RECHARGE_REFUNDABLE_AFTER_MINUTES } from '@domain/orderTransitions'
import { VOUCHER_MAX_BYTES } from '@domain/refundVoucher'
import { DEMO_OPERATOR } from '../src/db/demoData'
import { lifePayOrders } from '../src/db/schema'
import { applyForRefund, createPhoneOrder, payInSandbox } from './support/orderFlows'
import { multipartForm, ossFormFields, TINY_PNG, uploadToSandbox } from './support/ossUpload'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

// Refund vouchers (docs/server.md § Operator side): in the uploading operator's own folder, images by their bytes
// only, read by operators only. The sandbox bucket here; the Alibaba Cloud path in aliyunSts.test.ts.

let t: TestApp
let alice: Caller
before(async () => {
  t = await createTestApp()
  const admin = await loggedIn(DEMO_OPERATOR.loginName, DEMO_OPERATOR.password)
  for (const loginName of ['rick', 'rita'])
    await as(admin, 'POST', '/api/admin/operators', { loginName, password: 'Correct-Horse-1', role: 'reviewer' })
  // The recharge module's virtual login: it outlives the half hour the tests move the clock by.
  const code = await t.smsCode('13500000088')
  const userId = await t.data(
    t.post<string>('/api/Account/LifePayPhoneMesssageCodeLogin', { phoneNumber: '13500000088', code }),
  )
  alice = { headers: { 'x-lifepay-user-id': userId } }
})
after(() => t.close())

interface Browser {
  cookie: string
  csrfToken: string
}

/** A reviewer's session, opened now (the tests move the clock past a session's idle limit). */
const reviewer = (loginName: 'rick' | 'rita') => loggedIn(loginName, 'Correct-Horse-1')

async function loggedIn(loginName: string, password: string): Promise<Browser> {
  const reply = await t.app.inject({ method: 'POST', url: '/api/operator/login', payload: { loginName, password } })
  const cookie = /^(lp_operator=[^;]+)/.exec(String(reply.headers['set-cookie']))?.[1]
  assert.ok(cookie, reply.body)
  return { cookie, csrfToken: (reply.json() as ApiEnvelope<OperatorSession>).data!.csrfToken }
}

function as(browser: Browser | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const options: InjectOptions = {
    method,
    url,
    headers: {
      ...(browser ? { cookie: browser.cookie } : {}),
      ...(browser && method === 'POST' ? { 'x-csrf-token': browser.csrfToken } : {}),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    payload: payload as InjectOptions['payload'],
  }
  return t.app.inject(options)
}

const envelope = (reply: { json: () => unknown }) => reply.json() as ApiEnvelope<unknown>

async function credentials(browser: Browser): Promise<OssSts> {
  return envelope(await as(browser, 'POST', '/api/operator/refundVoucherCredentials')).data as OssSts
}

/** An order of alice's whose recharge the supplier never took (…0009), under review. */
async function underReview(phone: string): Promise<string> {
  const { orderNo } = await createPhoneOrder(t, alice, { phone })
  await payInSandbox(t, alice, orderNo)
  await t.app.jobs.drain()
  t.clock.advance(RECHARGE_REFUNDABLE_AFTER_MINUTES * 60_000)
  await t.data(applyForRefund(t, alice, orderNo, { refundApplyRemark: '未到账' }))
  return orderNo
}

const approve = (browser: Browser, orderNo: string, voucher: string) =>
  as(browser, 'POST', `/api/admin/refunds/${orderNo}/approve`, { refundCredentialsImgUrl: voucher })

describe('uploads: an image by its bytes, or nothing', () => {
  test('an .html renamed .png (declared image/png) is refused in words, and nothing is stored', async () => {
    const sts = await credentials(await reviewer('rick'))
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>')
    const refused = await uploadToSandbox(t, sts, `${sts.dir}receipt.png`, html)
    const body = envelope(refused)
    assert.deepEqual([refused.statusCode, body.success, body.error], [200, false, 'VALIDATION_FAILED'])
    assert.equal(body.msg, '退款凭证：文件内容不是图片，请上传 PNG、JPG、GIF 或 WebP 图片')
    const stored = await t.app.ctx.providers.storage.readObject(`${sts.dir}receipt.png`, VOUCHER_MAX_BYTES)
    assert.equal(stored, 'missing')
  })

  test('a PNG declared as text is taken: the bytes decide, not the name or the type', async () => {
    const sts = await credentials(await reviewer('rick'))
    const { payload, contentType } = multipartForm(ossFormFields(t, sts, `${sts.dir}scan.txt`), TINY_PNG, 'text/plain')
    const reply = await t.app.inject({
      method: 'POST',
      url: '/static/oss',
      payload,
      headers: { 'content-type': contentType },
    })
    assert.equal(reply.statusCode, 200, reply.body)
  })

  test('over 5 MB is refused', async () => {
    const sts = await credentials(await reviewer('rick'))
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(VOUCHER_MAX_BYTES)])
    const body = envelope(await uploadToSandbox(t, sts, `${sts.dir}big.png`, big))
    assert.equal(body.msg, '退款凭证：图片不能超过 5 MB')
  })
})

describe('approvals take only the approving operator’s own image', () => {
  let orderNo: string
  before(async () => {
    orderNo = await underReview('13866660009')
  })

  test('another operator’s voucher, a made-up key and a stored non-image are refused; the own image approves', async () => {
    const [rick, rita] = [await reviewer('rick'), await reviewer('rita')]
    const ritas = await credentials(rita)
    assert.equal((await uploadToSandbox(t, ritas, `${ritas.dir}proof.png`, TINY_PNG)).statusCode, 200)
    const ricks = await credentials(rick)
    // A file stored before vouchers were checked (written past the upload route).
    const legacy = `${ricks.dir}legacy.png`
    const path = t.app.ctx.sandboxes.storage!.objectPath(legacy)!
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, '<html>not an image</html>')
    const cases: [string, string][] = [
      [`${ritas.host}/${ritas.dir}proof.png`, '退款凭证：只能使用你本人上传的凭证，请重新上传'],
      [`${ricks.host}/${ricks.dir}made-up.png`, '退款凭证：请先上传退款凭证图片（仅接受本系统上传的凭证）'],
      [`${ricks.host}/${legacy}`, '退款凭证：文件内容不是图片，请上传 PNG、JPG、GIF 或 WebP 图片'],
    ]
    for (const [voucher, msg] of cases) {
      const body = envelope(await approve(rick, orderNo, voucher))
      assert.deepEqual([body.success, body.error, body.msg], [false, 'VALIDATION_FAILED', msg], voucher)
    }
    const [row] = await t.database.db.select().from(lifePayOrders).where(eq(lifePayOrders.orderNo, orderNo))
    assert.deepEqual([row.refundNo, row.refundCredentialsImgUrl], [null, null])

    assert.equal((await uploadToSandbox(t, ricks, `${ricks.dir}proof.png`, TINY_PNG)).statusCode, 200)
    const approved = envelope(await approve(rick, orderNo, `${ricks.host}/${ricks.dir}proof.png`))
    assert.equal(approved.success, true, JSON.stringify(approved))
  })

  test('operators read the voucher through the server only: private, never cached, never anonymously', async () => {
    const [rick, rita] = [await reviewer('rick'), await reviewer('rita')]
    const [row] = await t.database.db.select().from(lifePayOrders).where(eq(lifePayOrders.orderNo, orderNo))
    const key = new URL(row.refundCredentialsImgUrl!).pathname
    // The bucket's own address answers nobody for a voucher.
    for (const browser of [null, rick]) assert.equal((await as(browser, 'GET', key)).statusCode, 404)
    const route = `/api/operator/orders/${orderNo}/refundVoucher`
    assert.equal((await as(null, 'GET', route)).statusCode, 401)
    const read = await as(rita, 'GET', route)
    assert.equal(read.statusCode, 200)
    assert.deepEqual(read.rawPayload, TINY_PNG)
    assert.equal(read.headers['content-type'], 'image/png')
    assert.equal(read.headers['cache-control'], 'private, no-store')
    assert.equal(read.headers['x-content-type-options'], 'nosniff')
  })

  test('an order without a voucher is not found; a stored voucher that is not an image is never served as one', async () => {
    const bare = await underReview('13866670009')
    const rick = await reviewer('rick')
    const none = await as(rick, 'GET', `/api/operator/orders/${bare}/refundVoucher`)
    assert.deepEqual([none.statusCode, envelope(none).error], [404, 'NOT_FOUND'])
    const sts = await credentials(rick)
    await t.database.db
      .update(lifePayOrders)
      .set({ refundCredentialsImgUrl: `${sts.host}/${sts.dir}legacy.png` })
      .where(eq(lifePayOrders.orderNo, bare))
    const legacy = await as(rick, 'GET', `/api/operator/orders/${bare}/refundVoucher`)
    assert.deepEqual([legacy.statusCode, envelope(legacy).error], [415, 'VOUCHER_NOT_IMAGE'])
    assert.match(String(legacy.headers['content-type']), /^application\/json/)
  })
})
