import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { Type } from '@sinclair/typebox'
import Fastify, { type FastifyInstance } from 'fastify'
import { Extension, extensionKeyword } from '@contract/schema'
import { LifePayOrderStatus, LifePayStatus } from '@domain/lifePayStatus'
import { fastifyOptions } from '../src/appOptions'
import { installApiProfile, withoutExtensions, type ApiProfile } from '../src/http/apiProfile'
import { ok } from '../src/http/envelope'
import { installErrorHandling } from '../src/http/errorHandler'
import { createPhoneOrder, orderDetail, payInSandbox } from './support/orderFlows'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

// Issue 36: LIFEPAY_API_PROFILE=production answers as the production back end — extension routes are unknown
// addresses, extension fields are neither answered nor read.

/** The sandbox supplier answers a recharge after this long (server/src/providers/sandboxSupplier.ts). */
const SUPPLIER_DELAY_MS = 1500

const Receipt = Type.Object({
  orderNo: Type.String(),
  holder: Extension(Type.String(), 'ours'),
  lines: Type.Array(Type.Object({ text: Type.String(), hint: Extension(Type.String()) })),
})

/** A small server with one ordinary route and one extension route, under `profile`. */
async function tinyServer(profile: ApiProfile): Promise<FastifyInstance> {
  const app = Fastify(fastifyOptions({ logLevel: 'silent', trustProxy: false }, false))
  installApiProfile(app, profile)
  installErrorHandling(app)
  app.post(
    '/api/Test/Echo',
    {
      schema: {
        body: Type.Object({ orderNo: Type.String(), confirm: Extension(Type.Boolean()) }),
        response: { 200: Type.Object({ success: Type.Boolean(), data: Receipt }) },
      },
    },
    async (request) => {
      const body = request.body as { orderNo: string; confirm?: boolean }
      const heard = 'confirm' in body ? `confirm=${String(body.confirm)}` : 'no confirm'
      return ok({ orderNo: body.orderNo, holder: heard, lines: [{ text: 'a', hint: 'b' }] })
    },
  )
  app.get('/api/Test/Ours', { config: { extension: true } }, async () => ok('ours'))
  await app.ready()
  return app
}

describe('the profile reshapes routes (a small server)', () => {
  test('production: an extension route answers exactly as an unknown address', async () => {
    const app = await tinyServer('production')
    const route = await app.inject({ method: 'GET', url: '/api/Test/Ours' })
    const unknown = await app.inject({ method: 'GET', url: '/api/Test/NoSuchRoute' })
    assert.equal(route.statusCode, 404)
    assert.deepEqual(route.json(), unknown.json())
    assert.equal(route.json().error, 'NOT_FOUND')
    await app.close()
  })

  test('full: the extension route answers', async () => {
    const app = await tinyServer('full')
    const route = await app.inject({ method: 'GET', url: '/api/Test/Ours' })
    assert.equal(route.statusCode, 200)
    assert.equal(route.json().data, 'ours')
    await app.close()
  })

  test('production: marked answer fields are dropped at any depth, marked input fields are not read', async () => {
    const app = await tinyServer('production')
    const answer = await app.inject({
      method: 'POST',
      url: '/api/Test/Echo',
      payload: { orderNo: 'A1', confirm: true },
    })
    assert.deepEqual(answer.json().data, { orderNo: 'A1', lines: [{ text: 'a' }] })
    await app.close()
  })

  test('full: the same call answers and reads every field', async () => {
    const app = await tinyServer('full')
    const answer = await app.inject({
      method: 'POST',
      url: '/api/Test/Echo',
      payload: { orderNo: 'A1', confirm: true },
    })
    assert.deepEqual(answer.json().data, { orderNo: 'A1', holder: 'confirm=true', lines: [{ text: 'a', hint: 'b' }] })
    await app.close()
  })

  test('a schema without marks is left as the same object (shared schemas stay shared)', () => {
    const plain = Type.Object({ a: Type.String(), b: Type.Array(Type.Number()) })
    assert.equal(withoutExtensions(plain), plain)
    const stripped = withoutExtensions(Receipt) as { properties: Record<string, unknown>; required: string[] }
    assert.deepEqual(Object.keys(stripped.properties), ['orderNo', 'lines'])
    assert.equal(JSON.stringify(stripped).includes(extensionKeyword), false)
    assert.equal((Receipt.properties.holder as Record<string, unknown>)[extensionKeyword], true, 'original untouched')
  })
})

describe('our server under LIFEPAY_API_PROFILE=production', () => {
  let production: TestApp
  let full: TestApp
  let user: Caller
  before(async () => {
    production = await createTestApp({ config: { apiProfile: 'production' } })
    full = await createTestApp()
    user = { token: (await production.register('13600000001')).accessToken }
  })
  after(async () => {
    await production.close()
    await full.close()
  })

  const EXTENSION_CALLS = [
    '/api/LifePay/CheckLifePayAccount',
    '/api/LifePay/CheckPhoneCarrier',
    '/api/LifePay/GetTopUpReminderList',
    '/api/LifePay/AddTopUpReminder',
    '/api/LifePay/SetLifePayOrderNotifications',
  ]

  test('each extension route is absent: the unknown-address 404, logged in or not', async () => {
    const unknown = await production.post('/api/LifePay/NoSuchCall', {}, user)
    assert.equal(unknown.status, 404)
    for (const url of EXTENSION_CALLS) {
      for (const caller of [user, {}]) {
        const answer = await production.post(url, { phone: '13812345678' }, caller)
        assert.equal(answer.status, 404, url)
        assert.deepEqual(answer.body, unknown.body, url)
      }
    }
    const templates = await production.get('/api/LifePay/GetNotificationTemplates?channel=wechat', user)
    assert.equal(templates.status, 404)
  })

  test('the same routes are there on the full server', async () => {
    const fullUser = { token: (await full.register('13600000002')).accessToken }
    const carrier = await full.post('/api/LifePay/CheckPhoneCarrier', { phone: '13812345678' }, fullUser)
    assert.equal(carrier.status, 200)
    assert.equal(carrier.body.success, true)
    const reminders = await full.post('/api/LifePay/GetTopUpReminderList', {}, fullUser)
    assert.deepEqual(reminders.body.data, [])
  })

  test('the SPEC flow goes on: order, pay, recharge, detail', async () => {
    const { orderNo } = await createPhoneOrder(production, user)
    await payInSandbox(production, user, orderNo)
    await production.app.jobs.drain()
    production.clock.advance(SUPPLIER_DELAY_MS)
    await production.app.jobs.drain()
    const detail = await orderDetail(production, user, orderNo)
    assert.equal(detail.payStatus, LifePayStatus.Paid)
    assert.equal(detail.lifePayOrderStatus, LifePayOrderStatus.Completed)
  })
})
