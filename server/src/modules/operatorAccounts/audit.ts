import { and, count, desc, eq, type SQL } from 'drizzle-orm'
import type { AuditEntry } from '@contract/operators'
import type { Executor } from '../../db/database'
import { operatorAudit } from '../../db/schema'
import type { OperatorActor } from './roles'

// The audit trail: this file only inserts and reads. The table's trigger refuses UPDATE, DELETE and TRUNCATE
// (migrations/0010_operators.sql), so not even a bug or a database console can rewrite what an operator did.

export type AuditTargetType = AuditEntry['targetType']

export interface AuditRecord {
  actor: Pick<OperatorActor, 'id' | 'name'>
  action: string
  targetType: AuditTargetType
  targetId: string
  before?: unknown
  after?: unknown
  remark?: string | null
  address?: string | null
}

export async function recordAudit(db: Executor, at: Date, record: AuditRecord): Promise<void> {
  await db.insert(operatorAudit).values({
    at,
    actor: record.actor.id,
    actorName: record.actor.name,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    before: record.before ?? null,
    after: record.after ?? null,
    remark: record.remark ?? null,
    address: record.address ?? null,
  })
}

export interface AuditQuery {
  targetType?: AuditTargetType
  targetId?: string
  operatorId?: string
  page: number
  rows: number
}

/** Newest first, with the count of every match. */
export async function listAudit(db: Executor, query: AuditQuery): Promise<{ items: AuditEntry[]; totalCount: number }> {
  const filters: SQL[] = []
  if (query.targetType) filters.push(eq(operatorAudit.targetType, query.targetType))
  if (query.targetId) filters.push(eq(operatorAudit.targetId, query.targetId))
  if (query.operatorId) filters.push(eq(operatorAudit.actor, query.operatorId))
  const where = filters.length > 0 ? and(...filters) : undefined
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(operatorAudit)
      .where(where)
      .orderBy(desc(operatorAudit.at), desc(operatorAudit.id))
      .limit(query.rows)
      .offset((query.page - 1) * query.rows),
    db.select({ total: count() }).from(operatorAudit).where(where),
  ])
  return {
    totalCount: Number(total),
    items: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: row.actor,
      actorName: row.actorName,
      action: row.action,
      // recordAudit writes only these.
      targetType: row.targetType as AuditTargetType,
      targetId: row.targetId,
      before: row.before,
      after: row.after,
      remark: row.remark,
      address: row.address,
    })),
  }
}
