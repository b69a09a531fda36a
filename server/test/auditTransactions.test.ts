import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq, sql } from 'drizzle-orm'
import type { AuditPage } from '@contract/operators'
import { RECHARGE_REFUNDABLE_AFTER_MINUTES } from '@domain/orderTransitions'
import { channels, jobs, lifePayOrders, lifePayRates, operatorAudit, operators, users } from '../src/db/schema'
import { REFUND_APPROVED_JOB } from '../src/modules/lifePay/jobKinds'
import { applyForRefund, createPhoneOrder, orderRow, payInSandbox, stateOf } from './support/orderFlows'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

// Every operator change that moves money or state writes its audit row in its own transaction (docs/server.md §
// Operator side): made to fail after the change — the audit row's insert refused by a constraint added for the
// test — neither is written; on the normal path both are.

let t: TestApp
let alice: Caller
let operator: Caller
before(async () => {
  t = await createTestApp()
  const phoneNumber = '13500000077'
  const code = await t.smsCode(phoneNumber)
  const userId = await t.data(t.post<string>('/api/Account/LifePayPhoneMesssageCodeLogin', { phoneNumber, code }))
  alice = { headers: { 'x-lifepay-user-id': userId } }
  operator = { headers: { 'x-operator-token': t.config.operatorToken } }
})
after(() => t.close())

/** Runs `work` while the audit trail refuses rows of `action`: what fails after the change. */
async function whileAuditRefuses<T>(action: string, work: () => Promise<T>): Promise<T> {
  const literal = `'${action.replace(/'/g, "''")}'`
  await t.database.db.execute(
    sql.raw(`alter table operator_audit add constraint refused_for_test check (action <> ${literal}) not valid`),
  )
  try {
    return await work()
  } finally {
    await t.database.db.execute(sql.raw('alter table operator_audit drop constraint refused_for_test'))
  }
}

async function auditRows(action: string, targetId: string) {
  return t.database.db
    .select()
    .from(operatorAudit)
    .where(and(eq(operatorAudit.action, action), eq(operatorAudit.targetId, targetId)))
}

/** A paid order (…0009: the supplier never takes it, nothing in flight) whose user applied for a refund. */
async function underReview(phone: string): Promise<string> {
  const { orderNo } = await createPhoneOrder(t, alice, { phone })
  await payInSandbox(t, alice, orderNo)
  await t.app.jobs.drain()
  t.clock.advance(RECHARGE_REFUNDABLE_AFTER_MINUTES * 60_000)
  await t.data(applyForRefund(t, alice, orderNo, { refundApplyRemark: '未到账' }))
  return orderNo
}

describe('the audit row and the change it records: both or neither', () => {
  test('refund approval: the decision, its payback job and its row', async () => {
    const orderNo = await underReview('13870000009')
    const failed = await whileAuditRefuses('refund.approve', () =>
      t.post(`/api/admin/refunds/${orderNo}/approve`, {}, operator),
    )
    assert.equal(failed.body.success, false)
    const row = await orderRow(t, orderNo)
    assert.deepEqual([row.refundNo, row.refundCheckTime], [null, null])
    assert.deepEqual(
      await t.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `${REFUND_APPROVED_JOB}:${orderNo}`)),
      [],
    )
    assert.deepEqual(await auditRows('refund.approve', orderNo), [])
    assert.deepEqual(await stateOf(t, alice, orderNo), [30, 40, 40])

    await t.data(t.post(`/api/admin/refunds/${orderNo}/approve`, {}, operator))
    assert.equal((await auditRows('refund.approve', orderNo)).length, 1)
    assert.deepEqual(await stateOf(t, alice, orderNo), [40, 50, 50])
  })

  test('refund rejection: the order unchanged and its recharge not hastened, or both with the row', async () => {
    const orderNo = await underReview('13870010009')
    // The order's recharge chain waits for its next retry; the rejection makes it due now (rechargeOwed.ts).
    const chain = async () =>
      (
        await t.database.db
          .select()
          .from(jobs)
          .where(eq(jobs.dedupeKey, `recharge.submit:${orderNo}`))
      )[0]
    const waiting = new Date(t.clock.now().getTime() + 5 * 60_000)
    await t.database.db
      .update(jobs)
      .set({ runAt: waiting })
      .where(eq(jobs.id, (await chain()).id))
    const failed = await whileAuditRefuses('refund.reject', () =>
      t.post(`/api/admin/refunds/${orderNo}/reject`, { reason: '已到账' }, operator),
    )
    assert.equal(failed.body.success, false)
    assert.deepEqual(await stateOf(t, alice, orderNo), [30, 40, 40])
    assert.deepEqual([(await chain()).runAt, await auditRows('refund.reject', orderNo)], [waiting, []])

    await t.data(t.post(`/api/admin/refunds/${orderNo}/reject`, { reason: '已到账' }, operator))
    assert.deepEqual(await stateOf(t, alice, orderNo), [20, 60, 60])
    assert.equal((await auditRows('refund.reject', orderNo)).length, 1)
    assert.deepEqual((await chain()).runAt, t.clock.now())
  })

  test('a refund returned another way', async () => {
    const orderNo = await underReview('13870020009')
    await t.data(t.post(`/api/admin/refunds/${orderNo}/approve`, {}, operator))
    // The provider reported the refund abnormal: the money did not go back.
    await t.database.db
      .update(lifePayOrders)
      .set({ refundStatus: 'abnormal' })
      .where(eq(lifePayOrders.orderNo, orderNo))
    const mark = () => t.post(`/api/admin/refunds/${orderNo}/returned`, { remark: '已转账退回' }, operator)
    assert.equal((await whileAuditRefuses('refund.returnedManually', mark)).body.success, false)
    assert.deepEqual(
      [(await orderRow(t, orderNo)).refundStatus, await auditRows('refund.returnedManually', orderNo)],
      ['abnormal', []],
    )
    await t.data(mark())
    assert.equal((await orderRow(t, orderNo)).refundStatus, 'returnedManually')
    assert.equal((await auditRows('refund.returnedManually', orderNo)).length, 1)
  })

  test('channel switches, creation and edits, on both route families', async () => {
    const enabled = async (channelId: string) =>
      (await t.database.db.select().from(channels).where(eq(channels.channelId, channelId)))[0]?.enabled
    const disable = () => t.post('/api/admin/channels/promo/disable', {}, operator)
    assert.equal((await whileAuditRefuses('channel.disable', disable)).body.success, false)
    assert.deepEqual([await enabled('promo'), await auditRows('channel.disable', 'promo')], [true, []])
    await t.data(disable())
    assert.deepEqual([await enabled('promo'), (await auditRows('channel.disable', 'promo')).length], [false, 1])

    const status = () => t.get('/api/LifePay/SetLifePayChannelsStatus?id=promo&status=10', operator)
    assert.equal((await whileAuditRefuses('channel.status', status)).body.success, false)
    assert.deepEqual([await enabled('promo'), await auditRows('channel.status', 'promo')], [false, []])
    await t.data(status())
    assert.deepEqual([await enabled('promo'), (await auditRows('channel.status', 'promo')).length], [true, 1])

    const create = () =>
      t.post(
        '/api/LifePay/CreateEditPayChannels',
        { channlesName: '测试', channlesNum: 'audited', channlesRate: 97 },
        operator,
      )
    assert.equal((await whileAuditRefuses('channel.create', create)).body.success, false)
    const ratesOf = (channelId: string) =>
      t.database.db.select().from(lifePayRates).where(eq(lifePayRates.channelId, channelId))
    assert.deepEqual([await enabled('audited'), await ratesOf('audited')], [undefined, []])
    await t.data(create())
    assert.equal((await auditRows('channel.create', 'audited')).length, 1)
    assert.equal((await ratesOf('audited')).length, 3)

    const edit = () =>
      t.post(
        '/api/LifePay/CreateEditPayChannels',
        { id: 'audited', channlesName: '改名', channlesNum: 'audited' },
        operator,
      )
    assert.equal((await whileAuditRefuses('channel.edit', edit)).body.success, false)
    const name = async () =>
      (await t.database.db.select().from(channels).where(eq(channels.channelId, 'audited')))[0].name
    assert.deepEqual([await name(), await auditRows('channel.edit', 'audited')], ['测试', []])
    await t.data(edit())
    assert.deepEqual([await name(), (await auditRows('channel.edit', 'audited')).length], ['改名', 1])
  })

  test('default rates', async () => {
    const phoneRate = async () =>
      (
        await t.database.db
          .select()
          .from(lifePayRates)
          .where(and(eq(lifePayRates.channelId, ''), eq(lifePayRates.rateType, 10)))
      )[0].ratePpm
    const set = () => t.post('/api/LifePay/CreateEditLifePayRate', [{ rateType: 10, rate: 98 }], operator)
    assert.equal((await whileAuditRefuses('rate.set', set)).body.success, false)
    assert.deepEqual([await phoneRate(), await auditRows('rate.set', '10')], [985_000, []])
    await t.data(set())
    assert.deepEqual([await phoneRate(), (await auditRows('rate.set', '10')).length], [980_000, 1])
    await t.data(t.post('/api/LifePay/CreateEditLifePayRate', [{ rateType: 10, rate: 98.5 }], operator))
  })

  test('a failed job put back in the queue', async () => {
    const now = t.clock.now()
    const [job] = await t.database.db
      .insert(jobs)
      .values({
        kind: 'recharge.query',
        payload: { orderNo: 'LP-none', attemptNo: 1, round: 0 },
        status: 'failed',
        runAt: now,
        attempts: 8,
        maxAttempts: 8,
        lastError: 'gone',
        creationTime: now,
        updatedTime: now,
        finishedTime: now,
      })
      .returning()
    const retry = () => t.post(`/api/admin/jobs/${job.id}/retry`, {}, operator)
    assert.equal((await whileAuditRefuses('job.retry', retry)).body.success, false)
    const status = async () => (await t.database.db.select().from(jobs).where(eq(jobs.id, job.id)))[0].status
    assert.deepEqual([await status(), await auditRows('job.retry', String(job.id))], ['failed', []])
    await t.data(retry())
    assert.equal((await auditRows('job.retry', String(job.id))).length, 1)
    assert.notEqual(await status(), 'failed')
  })

  test('a user’s channel', async () => {
    const [user] = await t.database.db.select().from(users).where(eq(users.phoneNumber, '13500000077'))
    const bind = () => t.post(`/api/operator/users/${user.id}/channel`, { channelId: 'promo' }, operator)
    const channelOf = async () => (await t.database.db.select().from(users).where(eq(users.id, user.id)))[0].channelId
    assert.equal((await whileAuditRefuses('user.channel', bind)).body.success, false)
    assert.deepEqual([await channelOf(), await auditRows('user.channel', user.id)], ['', []])
    await t.data(bind())
    assert.deepEqual([await channelOf(), (await auditRows('user.channel', user.id)).length], ['promo', 1])
  })

  test('operator accounts', async () => {
    const create = () =>
      t.post('/api/admin/operators', { loginName: 'audited-op', password: 'Correct-Horse-9', role: 'viewer' }, operator)
    assert.equal((await whileAuditRefuses('operator.create', create)).body.success, false)
    const account = async () =>
      (await t.database.db.select().from(operators).where(eq(operators.loginName, 'audited-op')))[0]
    assert.deepEqual([await account(), await auditRows('operator.create', 'audited-op')], [undefined, []])
    await t.data(create())
    const role = () => t.post('/api/admin/operators/audited-op/role', { role: 'reviewer' }, operator)
    assert.equal((await whileAuditRefuses('operator.role', role)).body.success, false)
    assert.equal((await account()).role, 'viewer')
    await t.data(role())
    assert.equal((await account()).role, 'reviewer')
    const trail = await t.data(t.get<AuditPage>('/api/admin/audit?targetId=audited-op', operator))
    assert.deepEqual(
      trail.items.map((entry) => entry.action),
      ['operator.role', 'operator.create'],
    )
  })
})
