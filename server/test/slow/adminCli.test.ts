import assert from 'node:assert/strict'
import { execFile, spawn } from 'node:child_process'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { promisify } from 'node:util'
import { base32Decode, totpCode } from '../../src/modules/operatorAccounts/totp'
import { applyForRefund, createPhoneOrder, payInSandbox, stateOf } from '../support/orderFlows'
import { createTestApp, type Caller, type TestApp } from '../support/testApp'

const ADMIN = join(__dirname, '..', '..', '..', 'scripts', 'admin.ts')
const run = promisify(execFile)

let t: TestApp
let url: string
let alice: Caller
before(async () => {
  t = await createTestApp()
  url = await t.app.listen({ host: '127.0.0.1', port: 0 })
  alice = { token: (await t.register('13300000001')).accessToken }
})
after(() => t.close())

function admin(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', ADMIN, ...args], {
    env: { ...process.env, ADMIN_URL: url, OPERATOR_TOKEN: t.config.operatorToken },
  })
}

/** A delivered top-up whose user says it never arrived. */
async function orderUnderReview(): Promise<string> {
  const { orderNo } = await createPhoneOrder(t, alice)
  await payInSandbox(t, alice, orderNo)
  await t.app.jobs.drain()
  t.clock.advance(t.config.sandboxSupplierDelayMs)
  await t.app.jobs.drain()
  await t.data(applyForRefund(t, alice, orderNo, { refundApplyRemark: '不想要了' }))
  return orderNo
}

test('npm run admin -- refunds list | approve | reject, jobs failed | retry', async () => {
  const first = await orderUnderReview()
  const second = await orderUnderReview()
  const list = await admin('refunds', 'list')
  assert.ok(list.stdout.includes(first) && list.stdout.includes(second) && list.stdout.includes('不想要了'))
  assert.match(list.stdout, new RegExp(`${first}.*supplier: DELIVERED`))

  // Delivered by the supplier's word: refunding it anyway takes the operator saying so.
  await assert.rejects(admin('refunds', 'approve', first), /RECHARGE_DELIVERED/)
  const approved = await admin('refunds', 'approve', first, '--acknowledge-delivered')
  assert.match(approved.stdout, /attempt 1 {2}succeeded/)
  assert.deepEqual(await stateOf(t, alice, first), [40, 50, 50])
  const shown = await admin('orders', 'show', second)
  assert.match(shown.stdout, new RegExp(`${second}.*pay 30 / order 40.*supplier: DELIVERED`))
  assert.match(shown.stdout, /attempt 1 {2}succeeded {2}\S+ {2}SUP/)

  await assert.rejects(admin('refunds', 'reject', second), (error: { code: number; stderr: string }) => {
    assert.equal(error.code, 2)
    assert.match(error.stderr, /--reason/)
    return true
  })
  await admin('refunds', 'reject', second, '--reason', '已到账')
  assert.deepEqual(await stateOf(t, alice, second), [20, 60, 60])

  const failed = await admin('jobs', 'failed')
  assert.match(failed.stdout, /^queue: \d+ pending, \d+ running, \d+ done, 0 failed/)
  await assert.rejects(admin('jobs', 'retry', '424242'), (error: { code: number; stderr: string }) => {
    assert.equal(error.code, 1)
    assert.match(error.stderr, /JOB_NOT_FOUND/)
    return true
  })
  await assert.rejects(admin('refunds', 'approve', first), /REFUND_NOT_PENDING_REVIEW/)
})

test('npm run admin -- channels list | disable | enable', async () => {
  // A user who signed up from `promo`: their rates are the channel's while it is enabled.
  const phoneNumber = '13300000002'
  const code = await t.smsCode(phoneNumber)
  const promoUser = {
    headers: {
      'x-lifepay-user-id': await t.data(
        t.post<string>('/api/Account/LifePayPhoneMesssageCodeLogin', { phoneNumber, code, channelId: 'promo' }),
      ),
    },
  }
  const list = await admin('channels', 'list')
  assert.match(list.stdout, /^promo {2}enabled {2}.*type 10: 97\.5%/m)
  assert.match(list.stdout, /^spring2026 {2}DISABLED/m)
  const disabled = await admin('channels', 'disable', 'promo')
  assert.match(disabled.stdout, /^promo {2}DISABLED/)
  const rate = async () =>
    (await t.data(t.get<{ rateType: number; rate: number }[]>('/api/LifePay/GetRate', promoUser))).find(
      (r) => r.rateType === 10,
    )?.rate
  assert.equal(await rate(), 98.5)
  await admin('channels', 'enable', 'promo')
  assert.equal(await rate(), 97.5)
  await assert.rejects(admin('channels', 'enable', 'nope'), /CHANNEL_NOT_FOUND/)
})

test('a wrong operator token is refused', async () => {
  await assert.rejects(
    run(process.execPath, ['--import', 'tsx', ADMIN, 'refunds', 'list'], {
      env: { ...process.env, ADMIN_URL: url, OPERATOR_TOKEN: 'nope' },
    }),
    /OPERATOR_UNAUTHORIZED/,
  )
})

/** The CLI with `stdin` piped in, as `printf '%s\n' "$PASSWORD" | npm run admin -- …` runs it. */
function adminWithInput(
  stdin: string,
  ...args: string[]
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ADMIN, ...args], {
    env: { ...process.env, ADMIN_URL: url, OPERATOR_TOKEN: t.config.operatorToken },
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  child.stdin.end(stdin)
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })))
}

test('npm run admin -- operators add (password from stdin) | list | set-role | disable', async () => {
  const added = await adminWithInput(
    'First-Admin-2026\n',
    'operators',
    'add',
    'alice.ops',
    '--role',
    'admin',
    '--name',
    'Alice',
  )
  assert.equal(added.code, 0, added.stderr)
  assert.match(added.stdout, /^alice\.ops {2}admin {2}active {2}Alice {2}last login never/)
  // The password never appears on the command line, and it works for a login.
  const login = await t.post<{ operator: { role: string } }>('/api/operator/login', {
    loginName: 'alice.ops',
    password: 'First-Admin-2026',
  })
  assert.equal(login.body.data?.operator.role, 'admin')

  const short = await adminWithInput('short\n', 'operators', 'add', 'bob.ops', '--role', 'viewer')
  assert.equal(short.code, 2)
  assert.match(short.stderr, /at least 10/)
  const badRole = await adminWithInput('Long-Enough-Pass\n', 'operators', 'add', 'bob.ops', '--role', 'boss')
  assert.equal(badRole.code, 2)
  assert.match(badRole.stderr, /viewer, reviewer, admin/)

  assert.match((await admin('operators', 'set-role', 'alice.ops', 'reviewer')).stdout, /^alice\.ops {2}reviewer/)
  assert.match((await admin('operators', 'disable', 'alice.ops')).stdout, /^alice\.ops {2}reviewer {2}DISABLED/)
  const list = await admin('operators', 'list')
  assert.match(list.stdout, /^alice\.ops {2}reviewer {2}DISABLED {2}Alice {2}last login \d{4}-/m)
  assert.match(list.stdout, /^operator {2}admin {2}active/m)
  assert.match(list.stdout, /^alice\.ops .* 2fa off$/m)

  // What the CLI did is in the audit trail as the automation service.
  const trail = await t.data(
    t.get<{ items: { actor: string; action: string }[] }>('/api/admin/audit?targetId=alice.ops', {
      headers: { 'x-operator-token': t.config.operatorToken },
    }),
  )
  assert.deepEqual(
    trail.items.filter((entry) => entry.actor === 'service:token').map((entry) => entry.action),
    ['operator.disable', 'operator.role', 'operator.create'],
  )
})

test('npm run admin -- operators reset-totp: the way back in for an operator who lost phone and recovery codes', async () => {
  const carol = { loginName: 'carol.ops', password: 'Carol-Password-2026' }
  const service = { headers: { 'x-operator-token': t.config.operatorToken } }
  await t.data(t.post('/api/admin/operators', { ...carol, role: 'admin' }, service))
  const login = await t.app.inject({ method: 'POST', url: '/api/operator/login', payload: carol })
  const cookie = /^(lp_operator=[^;]+)/.exec(String(login.headers['set-cookie']))?.[1] ?? ''
  const headers = { cookie, 'x-csrf-token': login.json().data.csrfToken }
  const { secret } = (await t.app.inject({ method: 'POST', url: '/api/operator/totp/enrolment', headers })).json().data
  const code = totpCode(base32Decode(secret), t.clock.now())
  await t.app.inject({ method: 'POST', url: '/api/operator/totp/enrolment/confirm', headers, payload: { code } })
  assert.match((await admin('operators', 'list')).stdout, /^carol\.ops .* 2fa on$/m)

  const reset = await admin('operators', 'reset-totp', 'carol.ops')
  assert.match(reset.stdout, /^carol\.ops {2}admin {2}active .* 2fa off$/m)
  assert.equal((await t.post('/api/operator/login', carol)).status, 200)
  await assert.rejects(admin('operators', 'reset-totp', 'nobody.ops'), /OPERATOR_NOT_FOUND/)
})
