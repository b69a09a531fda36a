import type { IncomingHttpHeaders } from 'node:http'
import { desc, eq } from 'drizzle-orm'
import type { AppContext } from '../../appContext'
import { providerNotifications } from '../../db/schema'
import { GroupCommit } from '../../jobs/groupCommit'
import type { NotificationOutcome } from '@contract/admin'

// The delivery log (docs/server.md § Notification log): every post to a notify route — payment and refund
// notifications of each provider, supplier callbacks — kept as received with what became of it, so an operator can
// answer "did they tell us?" from our side. Generic on purpose: any callback route records through here.

export interface NotificationDelivery {
  /** Who posted: wechatpay, alipay, sandbox, a supplier… */
  provider: string
  /** The route it came to, e.g. /api/pay/notify/wxpay. */
  route: string
  headers: IncomingHttpHeaders
  body: string
  /** The signature (and timestamp window) checked out. */
  verified: boolean
  outcome: NotificationOutcome
  /** Why it was refused (or anything worth knowing about a recorded one). */
  reason?: string | null
  orderNo?: string | null
}

/** Headers kept: signature material and content type. Authorization, cookies and tokens never are. */
const KEPT_HEADER = /^(content-type|user-agent|[a-z-]*(sign|serial|timestamp|nonce)[a-z-]*)$/
/** A body longer than this is cut: a flood of large forged posts must not fill the database. */
const MAX_BODY_CHARS = 64 * 1024

/** PostgreSQL text cannot hold NUL; a forged body may carry any byte. */
const storable = (text: string) => text.replaceAll(String.fromCharCode(0), '\uFFFD')

function keptHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || !KEPT_HEADER.test(name.toLowerCase())) continue
    kept[name.toLowerCase()] = storable(Array.isArray(value) ? value.join(', ') : value).slice(0, 2048)
  }
  return kept
}

type LogRow = typeof providerNotifications.$inferInsert

/**
 * The log rows of deliveries arriving together, in one insert (GroupCommit, issue 21: a burst of notifications); per
 * row, the error that kept it out, if any. Should the insert fail, each row is written alone: one row the database
 * refuses costs its neighbours nothing.
 */
async function writeLogRows(ctx: AppContext, rows: LogRow[]): Promise<unknown[]> {
  if (rows.length === 1) {
    return ctx.db
      .insert(providerNotifications)
      .values(rows[0])
      .then(
        () => [null],
        (error: unknown) => [error],
      )
  }
  try {
    await ctx.db.insert(providerNotifications).values(rows)
    return rows.map(() => null)
  } catch {
    return Promise.all(
      rows.map((row) =>
        ctx.db
          .insert(providerNotifications)
          .values(row)
          .then(
            () => null,
            (rowError: unknown) => rowError,
          ),
      ),
    )
  }
}

const logGroups = new WeakMap<AppContext, GroupCommit<LogRow, unknown>>()

async function writeLog(ctx: AppContext, row: LogRow): Promise<void> {
  let group = logGroups.get(ctx)
  if (!group) logGroups.set(ctx, (group = new GroupCommit((rows) => writeLogRows(ctx, rows))))
  const error = await group.add(row)
  if (error) throw error
}

/**
 * Writes one delivery to the log. Never throws: a log write that fails is logged and the notification is still
 * processed and acknowledged as it deserves (the provider would otherwise deliver again, and again fail to log).
 */
export async function recordNotification(ctx: AppContext, delivery: NotificationDelivery): Promise<void> {
  try {
    await writeLog(ctx, {
      provider: storable(delivery.provider),
      route: storable(delivery.route),
      receivedTime: ctx.clock.now(),
      headers: keptHeaders(delivery.headers),
      body: storable(delivery.body.slice(0, MAX_BODY_CHARS)),
      verified: delivery.verified,
      outcome: delivery.outcome,
      reason: delivery.reason ? storable(delivery.reason).slice(0, 1000) : null,
      orderNo: delivery.orderNo ? storable(delivery.orderNo).slice(0, 64) : null,
    })
  } catch (error) {
    ctx.log.error({ err: error, route: delivery.route, orderNo: delivery.orderNo }, 'notification log write failed')
  }
}

export type NotificationRow = typeof providerNotifications.$inferSelect

/** The newest deliveries first, of one order when `orderNo` is given. */
export async function listNotifications(
  ctx: AppContext,
  options: { orderNo?: string; limit: number },
): Promise<NotificationRow[]> {
  const query = ctx.db.select().from(providerNotifications)
  const filtered = options.orderNo ? query.where(eq(providerNotifications.orderNo, options.orderNo)) : query
  return filtered.orderBy(desc(providerNotifications.receivedTime), desc(providerNotifications.id)).limit(options.limit)
}
