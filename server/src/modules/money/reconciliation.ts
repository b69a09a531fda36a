import { and, asc, eq, notInArray, sql } from 'drizzle-orm'
import type {
  ReconciliationItem,
  ReconciliationReport,
  ReconciliationRun,
  ReconciliationSource,
  ReconciliationTotals,
} from '@contract/admin'
import { LifePayType } from '@domain/lifePayType'
import { DEFAULT_LOCALE, type Locale } from '@domain/locale'
import type { AppContext } from '../../appContext'
import type { Executor } from '../../db/database'
import { reconciliationItems, reconciliationRuns } from '../../db/schema'
import { errors } from '../../http/errors'
import { BillNotReadyError } from '../../providers/payment'
import { reconcileBill, type NewItem, type SourceResult } from './billReconciliation'
import { reconcileSupplier } from './supplierReconciliation'
import { shanghaiDate, shanghaiDay, type DayWindow } from './shanghaiDay'

// The daily reconciliation (docs/money.md § Reconciliation): each offered pay type's day against its provider's
// bills, and the supplier's side of the day. Re-runnable for any finished day: each run replaces the day's figures,
// an item found again keeps its resolution, and one no longer found is marked gone. Runs every morning for the day
// before (reconciliationSchedule.ts); an operator runs it again from the console or the CLI.

const PAY_SOURCES: [ReconciliationSource, LifePayType][] = [
  ['wxpay', LifePayType.WxPay],
  ['alipay', LifePayType.AliPay],
]

/** The day as a window; refused for a day that has not ended in Asia/Shanghai (its bills do not exist yet). */
export function finishedDay(ctx: AppContext, date: string): DayWindow {
  const day = shanghaiDay(date)
  if (!day) throw errors.badRequest(`date must be a calendar day YYYY-MM-DD, got "${date}"`)
  if (day.to > ctx.clock.now()) {
    throw errors.badRequest(`${date} has not ended yet (Asia/Shanghai, today is ${shanghaiDate(ctx.clock.now())})`)
  }
  return day
}

async function startRun(ctx: AppContext, date: string, source: ReconciliationSource, provider: string) {
  const now = ctx.clock.now()
  await ctx.db
    .insert(reconciliationRuns)
    .values({ date, source, provider, status: 'running', startedTime: now })
    .onConflictDoUpdate({
      target: [reconciliationRuns.date, reconciliationRuns.source],
      set: { provider, status: 'running', error: null, startedTime: now, finishedTime: null },
    })
}

async function finishRun(
  ctx: AppContext,
  date: string,
  source: ReconciliationSource,
  outcome: { status: 'done'; result: SourceResult } | { status: 'waiting' | 'failed'; error: string },
): Promise<void> {
  const now = ctx.clock.now()
  await ctx.db.transaction(async (tx) => {
    if (outcome.status === 'done') {
      const keys = outcome.result.items.map((found) => `${found.kind}:${found.ref}`)
      for (const [n, found] of outcome.result.items.entries()) {
        const { ref: _ref, ...fields } = found
        await tx
          .insert(reconciliationItems)
          .values({ date, source, itemKey: keys[n], ...fields, status: 'open', creationTime: now, updatedTime: now })
          .onConflictDoUpdate({
            target: [reconciliationItems.date, reconciliationItems.source, reconciliationItems.itemKey],
            // Found again: its figures refreshed, its resolution kept (a gone item is open again).
            set: {
              explanation: fields.explanation,
              ourAmountFen: fields.ourAmountFen,
              providerAmountFen: fields.providerAmountFen,
              status: sql`case when ${reconciliationItems.status} = 'resolved' then 'resolved' else 'open' end`,
              updatedTime: now,
            },
          })
      }
      await tx
        .update(reconciliationItems)
        .set({ status: 'gone', updatedTime: now })
        .where(
          and(
            eq(reconciliationItems.date, date),
            eq(reconciliationItems.source, source),
            eq(reconciliationItems.status, 'open'),
            keys.length > 0 ? notInArray(reconciliationItems.itemKey, keys) : undefined,
          ),
        )
    }
    await tx
      .update(reconciliationRuns)
      .set({
        status: outcome.status,
        error: outcome.status === 'done' ? null : outcome.error.slice(0, 2000),
        ours: outcome.status === 'done' ? outcome.result.ours : null,
        theirs: outcome.status === 'done' ? outcome.result.theirs : null,
        finishedTime: now,
      })
      .where(and(eq(reconciliationRuns.date, date), eq(reconciliationRuns.source, source)))
  })
}

async function runSource(
  ctx: AppContext,
  date: string,
  source: ReconciliationSource,
  provider: string,
  work: () => Promise<SourceResult>,
): Promise<'done' | 'waiting' | 'failed'> {
  await startRun(ctx, date, source, provider)
  try {
    const result = await work()
    await finishRun(ctx, date, source, { status: 'done', result })
    const open = result.items.filter((found: NewItem) => found.action === 'operatorReview').length
    ctx.log.info({ date, source, items: result.items.length, open }, 'reconciliation done')
    return 'done'
  } catch (error) {
    const waiting = error instanceof BillNotReadyError
    const message = error instanceof Error ? error.message : String(error)
    if (!waiting) ctx.log.error({ err: error, date, source }, 'reconciliation failed')
    await finishRun(ctx, date, source, { status: waiting ? 'waiting' : 'failed', error: message })
    return waiting ? 'waiting' : 'failed'
  }
}

/**
 * Reconciles a finished Asia/Shanghai day: each pay type offered here against its provider's bills, then the
 * supplier. What each source came to: done, waiting (a bill not cut yet) or failed.
 */
export async function runReconciliation(
  ctx: AppContext,
  date: string,
): Promise<Record<ReconciliationSource, 'done' | 'waiting' | 'failed' | 'off'>> {
  const day = finishedDay(ctx, date)
  const outcome: Record<ReconciliationSource, 'done' | 'waiting' | 'failed' | 'off'> = {
    wxpay: 'off',
    alipay: 'off',
    supplier: 'off',
  }
  for (const [source, lifePayType] of PAY_SOURCES) {
    const provider = ctx.config.payTypes[lifePayType]
    if (!provider) continue
    outcome[source] = await runSource(ctx, date, source, provider, () => reconcileBill(ctx, day, lifePayType))
  }
  const supplier = ctx.config.providers.supplier
  outcome.supplier = await runSource(ctx, date, 'supplier', supplier, () => reconcileSupplier(ctx, day))
  return outcome
}

const iso = (date: Date | null) => (date ? date.toISOString() : null)

/** The stored reconciliation of a day: its runs and items, open ones first. */
export async function reconciliationReport(
  ctx: AppContext,
  date: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<ReconciliationReport> {
  const day = shanghaiDay(date)
  if (!day) throw errors.badRequest(`date must be a calendar day YYYY-MM-DD, got "${date}"`)
  const runs = await ctx.db
    .select()
    .from(reconciliationRuns)
    .where(eq(reconciliationRuns.date, date))
    .orderBy(asc(reconciliationRuns.source))
  const rows = await ctx.db
    .select()
    .from(reconciliationItems)
    .where(eq(reconciliationItems.date, date))
    .orderBy(
      sql`case ${reconciliationItems.status} when 'open' then 0 when 'resolved' then 1 else 2 end`,
      asc(reconciliationItems.id),
    )
  const items: ReconciliationItem[] = rows.map((row) => ({
    id: row.id,
    date: row.date,
    source: row.source as ReconciliationSource,
    kind: row.kind as ReconciliationItem['kind'],
    orderNo: row.orderNo,
    outTradeNo: row.outTradeNo,
    transactionId: row.transactionId,
    refundNo: row.refundNo,
    ourAmountFen: row.ourAmountFen,
    providerAmountFen: row.providerAmountFen,
    explanation: (row.explanation as Record<Locale, string>)[locale] ?? '',
    action: row.action as ReconciliationItem['action'],
    status: row.status as ReconciliationItem['status'],
    resolvedBy: row.resolvedBy,
    resolvedTime: iso(row.resolvedTime),
    resolutionRemark: row.resolutionRemark,
  }))
  return {
    date,
    from: day.from.toISOString(),
    to: day.to.toISOString(),
    runs: runs.map((run): ReconciliationRun => ({
      source: run.source as ReconciliationSource,
      provider: run.provider,
      status: run.status as ReconciliationRun['status'],
      error: run.error,
      startedTime: run.startedTime.toISOString(),
      finishedTime: iso(run.finishedTime),
      ours: (run.ours as ReconciliationTotals | null) ?? null,
      theirs: (run.theirs as ReconciliationTotals | null) ?? null,
    })),
    items,
    openCount: items.filter((found) => found.status === 'open').length,
  }
}

/** Operator: an open item looked at and dealt with, and how. */
export async function resolveReconciliationItem(
  ctx: AppContext,
  executor: Executor,
  id: number,
  operator: string,
  remark: string,
): Promise<{ id: number; date: string }> {
  const now = ctx.clock.now()
  const [resolved] = await executor
    .update(reconciliationItems)
    .set({
      status: 'resolved',
      resolvedBy: operator,
      resolvedTime: now,
      resolutionRemark: remark.trim(),
      updatedTime: now,
    })
    .where(and(eq(reconciliationItems.id, id), eq(reconciliationItems.status, 'open')))
    .returning({ id: reconciliationItems.id, date: reconciliationItems.date })
  if (!resolved) throw errors.badRequest('no open reconciliation item with this id')
  return resolved
}
