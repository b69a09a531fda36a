/**
 * Operator commands against a running server's admin routes (docs/server.md § Operator):
 *   npm run admin -- refunds list
 *   npm run admin -- refunds approve <orderNo> [--remark "…"] [--acknowledge-delivered]
 *   npm run admin -- orders show <orderNo>
 *   npm run admin -- refunds reject <orderNo> --reason "…"
 *   npm run admin -- channels list | enable <channelId> | disable <channelId>
 *   npm run admin -- jobs failed
 *   npm run admin -- jobs retry <id>
 *   npm run admin -- reconcile [YYYY-MM-DD]   (runs a finished Asia/Shanghai day again, yesterday by default; exit 1
 *     when anything is left for an operator)
 *   npm run admin -- reconcile show [YYYY-MM-DD] | resolve <itemId> --remark "…"
 *   npm run admin -- orphans list [--status refunding|returned|notReturned|returnedManually]
 *   npm run admin -- orphans returned <id> --remark "…"   (an orphan payment's money returned another way, and how)
 *   npm run admin -- notifications [orderNo]   (deliveries to the notify routes, newest first)
 *   npm run admin -- refunds not-returned   (refunds that ended abnormal or closed: return the money another way)
 *   npm run admin -- refunds returned <orderNo> --remark "…"   (that money was returned another way, and how)
 *   npm run admin -- operators add <loginName> --role viewer|reviewer|admin [--name "…"]   (password from stdin)
 *   npm run admin -- operators list | disable <loginName> | enable <loginName> | set-role <loginName> <role>
 *   npm run admin -- operators reset-totp <loginName>   (their two-step verification off: a lost phone and codes)
 * It talks HTTP rather than opening the database: an embedded (PGlite) database belongs to the server process
 * that holds its folder. The server is the one `npm start` runs in the same environment (HOST, PORT; default
 * http://127.0.0.1:3000), unless `--url <url>` or ADMIN_URL says otherwise (scripts/adminAddress.ts); OPERATOR_TOKEN
 * is its automation token: the server records what the CLI does as `service:token` in the audit trail.
 */
import type { ApiEnvelope } from '@contract/envelope'
import { operatorRoleValues, type OperatorRole } from '@domain/operatorRole'
import type { OperatorAccount } from '@contract/operators'
import type {
  Channel,
  OperatorOrder,
  OrphanPayment,
  ProviderNotification,
  ReconciliationReport,
  ReconciliationTotals,
} from '@contract/admin'
import { DEV_OPERATOR_TOKEN } from '../server/src/configSchema'
import { adminTarget, notTheServerMessage, unreachableMessage } from './adminAddress'
import { readPassword } from './readPassword'

interface Job {
  id: number
  kind: string
  payload: Record<string, unknown>
  status: string
  attempts: number
  maxAttempts: number
  runAt: string
  lastError: string | null
  updatedTime: string
}

const token = process.env.OPERATOR_TOKEN ?? DEV_OPERATOR_TOKEN

const USAGE = `usage: admin [--url http://host:port] <command>   (default: the server npm start runs here, PORT or 3000)
  admin refunds list
  admin refunds approve <orderNo> [--remark "…"] [--acknowledge-delivered]
  admin orders show <orderNo>
  admin refunds reject <orderNo> --reason "…"
  admin channels list | enable <channelId> | disable <channelId>
  admin jobs failed
  admin jobs retry <id>
  admin reconcile [YYYY-MM-DD]   (runs a finished Asia/Shanghai day again, default yesterday; exit 1 when an item is
    left for an operator)
  admin reconcile show [YYYY-MM-DD]   (the day as last run)
  admin reconcile resolve <itemId> --remark "…"   (an open item dealt with, and how)
  admin orphans list [--status refunding|returned|notReturned|returnedManually]
  admin orphans returned <id> --remark "…"   (an orphan payment's money returned another way, and how)
  admin notifications [orderNo]   (deliveries to the notify routes, newest first)
  admin refunds not-returned   (refunds that ended abnormal or closed: the money did not go back)
  admin refunds returned <orderNo> --remark "…"   (that money was returned another way, and how)
  admin operators add <loginName> --role viewer|reviewer|admin [--name "…"]   (password prompted, or from stdin)
  admin operators list | disable <loginName> | enable <loginName> | set-role <loginName> <role>
  admin operators reset-totp <loginName>   (two-step verification off: they set it up again at their next login)`

class UsageError extends Error {}

/** Exit code of a reconciliation that left items for an operator: a cron job fails, and its mail says why. */
const MISMATCH_EXIT = 1

/** Calls to the admin routes of the server at `baseUrl` (chosen by `source`: adminTarget). */
const adminCalls =
  ({ baseUrl, source }: { baseUrl: string; source: string }) =>
  async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    let response: Response
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          'x-operator-token': token,
          'accept-language': 'en',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      })
    } catch (error) {
      throw new Error(unreachableMessage(baseUrl, source, error))
    }
    // Another program on the port (a dev server, an older app) answers without the API's envelope.
    const envelope = (await response.json().catch(() => null)) as ApiEnvelope<T> | null
    if (!envelope || typeof envelope.success !== 'boolean')
      throw new Error(notTheServerMessage(baseUrl, source, response.status))
    if (!envelope.success) throw new Error(`${envelope.error}: ${envelope.msg}`)
    return envelope.data as T
  }

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name)
  return index >= 0 ? args[index + 1] : undefined
}

function roleOf(value: string | undefined): OperatorRole {
  const role = operatorRoleValues.find((one) => one === value)
  if (!role) throw new UsageError(`the role is one of ${operatorRoleValues.join(', ')}`)
  return role
}

function printOperator(operator: OperatorAccount): void {
  console.log(
    `${operator.loginName}  ${operator.role}  ${operator.disabled ? 'DISABLED' : 'active'}  ${operator.displayName}  ` +
      `last login ${operator.lastLoginTime ?? 'never'}  2fa ${operator.totpEnabled ? 'on' : 'off'}`,
  )
}

function yuan(amount: number): string {
  return `¥${amount.toFixed(2)}`
}

/** What the supplier did, in one phrase: the operator reads it before deciding a refund. */
function supplierSummary(order: OperatorOrder): string {
  if (order.rechargeInFlight) return 'supplier: IN FLIGHT (wait for its result)'
  if (order.supplierResult === 'success') return 'supplier: DELIVERED'
  if (order.supplierResult) return `supplier: ${order.supplierResult}`
  return order.rechargeAttempts.length > 0 ? 'supplier: not taken' : 'supplier: never tried'
}

function printOrder(order: OperatorOrder, withAttempts = false): void {
  console.log(
    [
      order.orderNo,
      `pay ${order.payStatus} / order ${order.lifePayOrderStatus}`,
      `${yuan(order.payAmount)} for ${yuan(order.parValue)}`,
      order.account,
      supplierSummary(order),
      order.refundApplyTime ? `applied ${order.refundApplyTime}` : '',
      order.refundApplyRemark ? `reason: ${order.refundApplyRemark}` : '',
      order.refundCheckRemark ? `remark: ${order.refundCheckRemark}` : '',
    ]
      .filter(Boolean)
      .join('  '),
  )
  if (!withAttempts) return
  for (const attempt of order.rechargeAttempts) {
    console.log(
      [
        `  attempt ${attempt.attemptNo}`,
        attempt.outcome,
        attempt.startTime,
        attempt.supplierOrderNo ?? '',
        attempt.reason ?? '',
      ]
        .filter(Boolean)
        .join('  '),
    )
  }
}

function printChannel(channel: Channel): void {
  const rates = channel.rates.map((r) => `type ${r.rateType}: ${r.rate}%`).join(', ')
  console.log(`${channel.channelId}  ${channel.enabled ? 'enabled' : 'DISABLED'}  ${channel.name}  ${rates}`)
}

function printTotals(label: string, totals: ReconciliationTotals | null): void {
  if (!totals) return console.log(`${label}  -`)
  console.log(
    `${label}  payments ${totals.paymentCount} (${yuan(totals.paymentFen / 100)})  refunds ${totals.refundCount} ` +
      `(${yuan(totals.refundFen / 100)})${totals.deliveredCount === undefined ? '' : `  delivered ${totals.deliveredCount}`}`,
  )
}

/** Prints the report; true when nothing is left open for an operator. */
function printReconciliation(report: ReconciliationReport): boolean {
  console.log(`reconciliation ${report.date} (Asia/Shanghai, ${report.from} – ${report.to})`)
  if (report.runs.length === 0) console.log('Not reconciled yet: `admin reconcile <date>` runs it.')
  for (const run of report.runs) {
    console.log(`${run.source} (${run.provider}): ${run.status}${run.error ? ` — ${run.error}` : ''}`)
    printTotals('  ours:  ', run.ours)
    printTotals('  theirs:', run.theirs)
  }
  for (const item of report.items) {
    const refs = [item.orderNo, item.outTradeNo, item.transactionId, item.refundNo].filter(Boolean).join(' ')
    console.log(`#${item.id}  ${item.status.toUpperCase()}  ${item.source}  ${item.kind}  ${item.action}  ${refs}`)
    console.log(`    ${item.explanation}`)
    if (item.resolutionRemark) console.log(`    resolved by ${item.resolvedBy}: ${item.resolutionRemark}`)
  }
  if (report.openCount === 0) {
    console.log('Nothing left open.')
    return true
  }
  console.log(`${report.openCount} OPEN ITEM(S) for an operator.`)
  return false
}

function printOrphan(orphan: OrphanPayment): void {
  console.log(
    [
      orphan.id,
      orphan.status,
      yuan(orphan.amountFen / 100),
      orphan.provider,
      orphan.outTradeNo,
      orphan.transactionId,
      orphan.reason,
      `paid ${orphan.paidAt}`,
      orphan.refundRemark ?? '',
      orphan.operatorRemark ?? '',
    ]
      .filter(Boolean)
      .join('  '),
  )
}

async function run(argv: string[]): Promise<void> {
  const { args, ...server } = adminTarget(argv)
  const call = adminCalls(server)
  const [area, action, subject] = args
  // approve, reject and returned: one step on one order's refund, answered with the order as it now stands.
  const refundStep = async (orderNo: string, step: string, body: object) =>
    printOrder(
      await call<OperatorOrder>('POST', `/api/admin/refunds/${encodeURIComponent(orderNo)}/${step}`, body),
      true,
    )
  if (area === 'refunds' && action === 'list') {
    const orders = await call<OperatorOrder[]>('GET', '/api/admin/refunds')
    if (orders.length === 0) console.log('No refund is waiting for review.')
    for (const order of orders) printOrder(order)
    return
  }
  if (area === 'orders' && action === 'show' && subject) {
    printOrder(await call<OperatorOrder>('GET', `/api/admin/orders/${encodeURIComponent(subject)}`), true)
    return
  }
  if (area === 'refunds' && action === 'approve' && subject) {
    await refundStep(subject, 'approve', {
      remark: option(args, '--remark'),
      acknowledgeDelivered: args.includes('--acknowledge-delivered'),
    })
    return
  }
  if (area === 'refunds' && action === 'reject' && subject) {
    const reason = option(args, '--reason')
    if (!reason) throw new UsageError('reject needs --reason "…" (the user sees it)')
    await refundStep(subject, 'reject', { reason })
    return
  }
  if (area === 'channels' && action === 'list') {
    for (const channel of await call<Channel[]>('GET', '/api/admin/channels')) printChannel(channel)
    return
  }
  if (area === 'channels' && (action === 'enable' || action === 'disable') && subject) {
    printChannel(await call<Channel>('POST', `/api/admin/channels/${encodeURIComponent(subject)}/${action}`))
    return
  }
  if (area === 'jobs' && action === 'failed') {
    const { counts, items } = await call<{ counts: Record<string, number>; items: Job[] }>(
      'GET',
      '/api/admin/jobs/failed',
    )
    console.log(
      `queue: ${Object.entries(counts)
        .map(([status, n]) => `${n} ${status}`)
        .join(', ')}`,
    )
    for (const job of items) {
      console.log(
        `#${job.id} ${job.kind} ${JSON.stringify(job.payload)} attempts ${job.attempts}/${job.maxAttempts} at ${job.updatedTime}: ${job.lastError ?? ''}`,
      )
    }
    return
  }
  if (area === 'jobs' && action === 'retry' && subject) {
    if (!/^\d+$/.test(subject)) throw new UsageError('retry needs a job id (a number)')
    const job = await call<Job>('POST', `/api/admin/jobs/${subject}/retry`)
    console.log(`#${job.id} ${job.kind} is ${job.status} again (runs at ${job.runAt})`)
    return
  }
  if (area === 'notifications') {
    const query = action ? `?orderNo=${encodeURIComponent(action)}&limit=100` : '?limit=50'
    for (const one of await call<ProviderNotification[]>('GET', `/api/admin/notifications${query}`)) {
      const why = one.reason ? ` (${one.reason})` : ''
      console.log(
        `${one.receivedTime} ${one.route} ${one.provider} ${one.verified ? 'verified' : 'NOT verified'} ` +
          `${one.outcome}${why} ${one.orderNo ?? '-'}`,
      )
    }
    return
  }
  if (area === 'refunds' && action === 'not-returned') {
    for (const order of await call<OperatorOrder[]>('GET', '/api/admin/refunds/not-returned')) {
      console.log(`${order.orderNo} refund ${order.refundNo ?? '-'} ${order.refundStatus ?? '-'} ${order.payAmount}`)
    }
    return
  }
  if (area === 'refunds' && action === 'returned' && subject) {
    const remark = option(args, '--remark')
    if (!remark) throw new UsageError('refunds returned needs --remark "how the money was returned"')
    await refundStep(subject, 'returned', { remark })
    return
  }
  if (area === 'operators' && action === 'list') {
    for (const operator of await call<OperatorAccount[]>('GET', '/api/admin/operators')) printOperator(operator)
    return
  }
  if (area === 'operators' && action === 'add' && subject) {
    const role = roleOf(option(args, '--role'))
    const password = await readPassword(subject)
    if (password.length < 10) throw new UsageError('the password needs at least 10 characters')
    const body = { loginName: subject, displayName: option(args, '--name'), password, role }
    printOperator(await call<OperatorAccount>('POST', '/api/admin/operators', body))
    return
  }
  if (area === 'operators' && (action === 'disable' || action === 'enable') && subject) {
    const path = `/api/admin/operators/${encodeURIComponent(subject)}/${action}`
    printOperator(await call<OperatorAccount>('POST', path))
    return
  }
  if (area === 'operators' && action === 'reset-totp' && subject) {
    const path = `/api/admin/operators/${encodeURIComponent(subject)}/totp/reset`
    printOperator(await call<OperatorAccount>('POST', path))
    return
  }
  if (area === 'operators' && action === 'set-role' && subject) {
    const role = roleOf(args[3])
    printOperator(
      await call<OperatorAccount>('POST', `/api/admin/operators/${encodeURIComponent(subject)}/role`, { role }),
    )
    return
  }
  const isDate = (value: string | undefined) => value === undefined || /^\d{4}-\d{2}-\d{2}$/.test(value)
  if (area === 'reconcile' && action === 'show') {
    if (!isDate(subject)) throw new UsageError('reconcile show takes YYYY-MM-DD')
    const report = await call<ReconciliationReport>(
      'GET',
      `/api/admin/reconciliation${subject ? `?date=${subject}` : ''}`,
    )
    if (!printReconciliation(report)) process.exitCode = MISMATCH_EXIT
    return
  }
  if (area === 'reconcile' && action === 'resolve' && subject) {
    const remark = option(args, '--remark')
    if (!remark) throw new UsageError('reconcile resolve <itemId> --remark "…"')
    await call('POST', `/api/admin/reconciliation/items/${encodeURIComponent(subject)}/resolve`, { remark })
    console.log(`item #${subject} resolved`)
    return
  }
  if (area === 'reconcile') {
    if (!isDate(action)) throw new UsageError('reconcile takes YYYY-MM-DD')
    const report = await call<ReconciliationReport>(
      'POST',
      '/api/admin/reconciliation/run',
      action ? { date: action } : {},
    )
    if (!printReconciliation(report)) process.exitCode = MISMATCH_EXIT
    return
  }
  if (area === 'orphans' && action === 'list') {
    const status = option(args, '--status')
    const orphans = await call<OrphanPayment[]>('GET', `/api/admin/orphan-payments${status ? `?status=${status}` : ''}`)
    if (orphans.length === 0) console.log('No orphan payment.')
    for (const orphan of orphans) printOrphan(orphan)
    return
  }
  if (area === 'orphans' && action === 'returned' && subject) {
    const remark = option(args, '--remark')
    if (!remark) throw new UsageError('orphans returned <id> --remark "…"')
    printOrphan(
      await call<OrphanPayment>('POST', `/api/admin/orphan-payments/${encodeURIComponent(subject)}/returned`, {
        remark,
      }),
    )
    return
  }
  throw new UsageError(USAGE)
}

run(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof UsageError ? error.message : `admin: ${(error as Error).message}`)
  process.exit(error instanceof UsageError ? 2 : 1)
})
