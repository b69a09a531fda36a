import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { LifePayType } from '@domain/lifePayType'
import { createAlipay } from '../src/providers/alipay'
import { timedFetch } from '../src/providers/timedFetch'
import { createWechatPay } from '../src/providers/wechatPay'
import { startFakeAlipay, type FakeAlipay } from './support/fakeAlipay'
import { startFakeWechatPay, type FakeWechatPay } from './support/fakeWechatPay'
import { ManualClock } from './support/manualClock'

// A provider that accepts the connection and never answers: each call fails at its deadline (server/src/providers/
// timedFetch.ts) instead of holding the order's lock and the request for Node's 300 s.

/** Answers nothing, ever; only the caller's signal ends the wait (and the test's timeout, should there be none). */
const neverAnswers: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
  })

let clock: ManualClock
let wechat: FakeWechatPay
let alipay: FakeAlipay

before(async () => {
  clock = new ManualClock()
  wechat = await startFakeWechatPay(() => clock.now())
  alipay = await startFakeAlipay(() => clock.now())
})
after(async () => {
  await wechat.close()
  await alipay.close()
})

const order = (lifePayType: LifePayType, openId: string) => ({
  outTradeNo: `LP${Date.now()}`,
  lifePayType,
  amountFen: 985,
  description: '生活缴费',
  openId,
})

test('WeChat Pay that never answers: the prepay fails at its deadline', { timeout: 5_000 }, async () => {
  const pay = createWechatPay({ clock, keys: wechat.keys(), fetch: neverAnswers, timeoutMs: 50 })
  await assert.rejects(pay.prepare({} as never, order(LifePayType.WxPay, 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o')), {
    name: 'TimeoutError',
  })
})

test('Alipay that never answers: trade.create fails at its deadline', { timeout: 5_000 }, async () => {
  const pay = createAlipay({ clock, keys: alipay.keys(), fetch: neverAnswers, timeoutMs: 50 })
  await assert.rejects(pay.prepare({} as never, order(LifePayType.AliPay, '2088102177846880')), {
    name: 'TimeoutError',
  })
})

test('a call that brings its own signal keeps it; one without gets the deadline', { timeout: 5_000 }, async () => {
  const seen: (AbortSignal | null | undefined)[] = []
  const watch: typeof fetch = async (_input, init) => {
    seen.push(init?.signal)
    return new Response('{}')
  }
  const own = new AbortController().signal
  await timedFetch(watch, 50)('http://127.0.0.1/', { signal: own })
  await timedFetch(watch, 50)('http://127.0.0.1/')
  assert.equal(seen[0], own)
  assert.ok(seen[1] instanceof AbortSignal)
  assert.notEqual(seen[1], own)
})
