import { randomUUID } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import type { CreateOperatorInput, OperatorAccount, OperatorRole } from '@contract/operators'
import type { AppContext } from '../../appContext'
import type { Executor } from '../../db/database'
import { operators } from '../../db/schema'
import { errors } from '../../http/errors'
import { hashPassword } from '../account/passwords'
import { recordAudit } from './audit'
import type { OperatorActor } from './roles'
import { revokeSessionsOf, type OperatorRow } from './sessions'

// Operator accounts: created, listed, disabled and given roles by an admin (or `npm run admin -- operators …`).
// Every change is recorded in the audit trail in the same transaction, and ends the operator's sessions.

export interface ActedBy {
  actor: OperatorActor
  address: string | null
}

/** What the trail keeps of an account: never the password hash. */
function accountSnapshot(row: OperatorRow) {
  return { loginName: row.loginName, displayName: row.displayName, role: row.role, disabled: row.disabled }
}

export function toOperatorAccount(row: OperatorRow): OperatorAccount {
  return {
    id: row.id,
    loginName: row.loginName,
    displayName: row.displayName,
    // createOperator and setOperatorRole write only roles.
    role: row.role as OperatorRole,
    disabled: row.disabled,
    totpEnabled: row.totpSecret !== null,
    creationTime: row.creationTime.toISOString(),
    lastLoginTime: row.lastLoginTime?.toISOString() ?? null,
  }
}

export async function findOperator(db: Executor, loginName: string): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.loginName, loginName))
  return row
}

export async function operatorById(db: Executor, id: string): Promise<OperatorRow> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id))
  if (!row) throw errors.operatorNotFound()
  return row
}

export async function listOperators(ctx: AppContext): Promise<OperatorAccount[]> {
  return (await ctx.db.select().from(operators).orderBy(asc(operators.loginName))).map(toOperatorAccount)
}

export async function createOperator(ctx: AppContext, input: CreateOperatorInput, by: ActedBy): Promise<OperatorRow> {
  const passwordHash = await hashPassword(input.password)
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(operators)
      .values({
        id: randomUUID(),
        loginName: input.loginName,
        displayName: input.displayName?.trim() || input.loginName,
        passwordHash,
        role: input.role,
        creationTime: now,
      })
      .onConflictDoNothing()
      .returning()
    if (!row) throw errors.operatorExists()
    await recordAudit(tx, now, {
      actor: by.actor,
      action: 'operator.create',
      targetType: 'operator',
      targetId: row.loginName,
      after: accountSnapshot(row),
      address: by.address,
    })
    return row
  })
}

/** The change leaves `before` no longer an enabled admin. */
function removesAdmin(before: OperatorRow, change: Partial<Pick<OperatorRow, 'role' | 'disabled'>>): boolean {
  const wasAdmin = before.role === 'admin' && !before.disabled
  const isAdmin = (change.role ?? before.role) === 'admin' && !(change.disabled ?? before.disabled)
  return wasAdmin && !isAdmin
}

/**
 * Changes an account, records before and after, and ends its sessions (unless it only re-enables the account: it
 * had none left). Never leaves the service without an enabled admin: the enabled admins' rows are locked first, in
 * one order, so two admins demoting each other at once take turns, and the second sees it would remove the last.
 */
async function changeOperator(
  ctx: AppContext,
  loginName: string,
  action: string,
  change: Partial<Pick<OperatorRow, 'role' | 'disabled'>>,
  by: ActedBy,
): Promise<OperatorRow> {
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: operators.id })
      .from(operators)
      .where(and(eq(operators.role, 'admin'), eq(operators.disabled, false)))
      .orderBy(asc(operators.id))
      .for('update')
    const [before] = await tx.select().from(operators).where(eq(operators.loginName, loginName)).for('update')
    if (!before) throw errors.operatorNotFound()
    if (removesAdmin(before, change) && !admins.some((admin) => admin.id !== before.id)) throw errors.lastAdmin()
    const [after] = await tx.update(operators).set(change).where(eq(operators.id, before.id)).returning()
    if (change.disabled !== false) await revokeSessionsOf(tx, before.id, now)
    await recordAudit(tx, now, {
      actor: by.actor,
      action,
      targetType: 'operator',
      targetId: loginName,
      before: accountSnapshot(before),
      after: accountSnapshot(after),
      address: by.address,
    })
    return after
  })
}

export function disableOperator(ctx: AppContext, loginName: string, by: ActedBy): Promise<OperatorRow> {
  return changeOperator(ctx, loginName, 'operator.disable', { disabled: true }, by)
}

/** Re-enables a disabled operator: they log in again with their password, under the role they had. */
export function enableOperator(ctx: AppContext, loginName: string, by: ActedBy): Promise<OperatorRow> {
  return changeOperator(ctx, loginName, 'operator.enable', { disabled: false }, by)
}

export function setOperatorRole(
  ctx: AppContext,
  loginName: string,
  role: OperatorRole,
  by: ActedBy,
): Promise<OperatorRow> {
  return changeOperator(ctx, loginName, 'operator.role', { role }, by)
}
