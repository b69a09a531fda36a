import { queryOptions } from '@tanstack/react-query'
import type { OrphanPayment, ReconciliationReport } from '@contract/admin'
import type { OrphanStatus } from '@domain/moneyEdges'
import { call, download, query } from './http'

// The money's edges (docs/money.md): the day's reconciliation against the providers' bills, and the orphan payments.

/** GET /api/admin/reconciliation?date=: the day as last run. */
export function getReconciliation(date: string): Promise<ReconciliationReport> {
  return call<ReconciliationReport>('GET', `/api/admin/reconciliation${query({ date })}`)
}

export const reconciliationQuery = (date: string) =>
  queryOptions({ queryKey: ['reconciliation', date], queryFn: () => getReconciliation(date) })

/** POST /api/admin/reconciliation/run: the day reconciled again, its report. */
export function runReconciliation(date: string): Promise<ReconciliationReport> {
  return call<ReconciliationReport>('POST', '/api/admin/reconciliation/run', { date })
}

/** POST /api/admin/reconciliation/items/:id/resolve */
export function resolveReconciliationItem(input: { id: number; remark: string }): Promise<{ id: number }> {
  return call('POST', `/api/admin/reconciliation/items/${input.id}/resolve`, { remark: input.remark })
}

/** GET /api/admin/reconciliation/export?date=: the day as an .xlsx in the operator's language. */
export function exportReconciliation(date: string) {
  return download(`/api/admin/reconciliation/export${query({ date })}`)
}

/** GET /api/admin/orphan-payments?status= */
export function getOrphanPayments(status?: OrphanStatus): Promise<OrphanPayment[]> {
  return call<OrphanPayment[]>('GET', `/api/admin/orphan-payments${query({ status })}`)
}

export const orphanPaymentsQuery = (status?: OrphanStatus) =>
  queryOptions({ queryKey: ['orphanPayments', status ?? 'all'], queryFn: () => getOrphanPayments(status) })

/** POST /api/admin/orphan-payments/:id/returned: its money returned another way, and how. */
export function markOrphanReturned(input: { id: string; remark: string }): Promise<OrphanPayment> {
  return call<OrphanPayment>('POST', `/api/admin/orphan-payments/${input.id}/returned`, { remark: input.remark })
}
