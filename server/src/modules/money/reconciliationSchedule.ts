import type { AppContext } from '../../appContext'
import { runReconciliation } from './reconciliation'
import { dayAfterAt, previousShanghaiDate, shanghaiDate, DAY_MS } from './shanghaiDay'

// Every morning, the day before is reconciled (docs/money.md § Reconciliation): WeChat Pay cuts its bills after
// 10:00, Alipay before 09:00, so the run starts at RECONCILIATION_AT (10:30 Asia/Shanghai by default). A bill not cut
// yet is asked for again every half hour until the evening. Each run queues the next day's, so the chain goes on
// as long as one instance runs the job loop; a server started after a day's run time catches up with yesterday.

export const RECONCILIATION_DAILY_JOB = 'reconciliation.daily'

const RETRY_MS = 30 * 60_000
const MAX_RETRIES = 16

interface DailyRun {
  date: string
  retry?: number
}

async function enqueueRun(ctx: AppContext, run: DailyRun, runAt: Date): Promise<void> {
  const key = `${RECONCILIATION_DAILY_JOB}:${run.date}${run.retry ? `:retry${run.retry}` : ''}`
  await ctx.jobs.enqueue(ctx.db, RECONCILIATION_DAILY_JOB, run, { runAt, dedupeKey: key })
}

async function runDaily(ctx: AppContext, run: DailyRun): Promise<void> {
  const outcome = await runReconciliation(ctx, run.date)
  const retry = run.retry ?? 0
  if (Object.values(outcome).includes('waiting') && retry < MAX_RETRIES) {
    await enqueueRun(ctx, { date: run.date, retry: retry + 1 }, new Date(ctx.clock.now().getTime() + RETRY_MS))
  }
  if (retry === 0) {
    const next = shanghaiDate(new Date(Date.parse(`${run.date}T12:00:00+08:00`) + DAY_MS))
    await enqueueRun(ctx, { date: next }, dayAfterAt(next, ctx.config.reconciliationAt))
  }
}

export function defineReconciliationJobs(ctx: AppContext): void {
  ctx.jobs.define<DailyRun>({ kind: RECONCILIATION_DAILY_JOB, handle: (run) => runDaily(ctx, run) })
}

/** Queues yesterday's run (at once if its time has passed): once per day whatever the number of instances. */
export async function scheduleReconciliation(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now()
  const yesterday = previousShanghaiDate(now)
  const at = dayAfterAt(yesterday, ctx.config.reconciliationAt)
  await enqueueRun(ctx, { date: yesterday }, at > now ? at : now)
}
