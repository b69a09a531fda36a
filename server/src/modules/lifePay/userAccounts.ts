import { randomUUID } from 'node:crypto'
import { and, count, desc, eq } from 'drizzle-orm'
import type { PageResult } from '@contract/envelope'
import type { AddUpdateUserAccountInput, UserAccount } from '@contract/lifePay'
import { detectCarrier, type CarrierCode } from '@domain/carrier'
import type { ElectricAccountType, ElectricType } from '@domain/electric'
import type { GasProvider } from '@domain/gas'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import {
  electricAccount,
  gasAccount,
  holderName,
  mobilePhone,
  remark as remarkRule,
  required,
} from '@domain/validators'
import type { AppContext } from '../../appContext'
import { isUniqueViolation } from '../../db/database'
import { userAccounts } from '../../db/schema'
import { errors } from '../../http/errors'
import { checkField } from '../../http/validation'
import { isUuid } from '@domain/uuid'
import { cancelRemindersOfAccount } from '../reminders/reminders'
import { electricAreaFor } from './electricArea'
import { gasRegionFor } from './gasRegion'

type UserAccountRow = typeof userAccounts.$inferSelect

export function toUserAccount(row: UserAccountRow): UserAccount {
  return {
    id: row.id,
    lifePayType: row.lifePayType,
    content: row.content,
    remark: row.remark,
    ispCode: row.ispCode as CarrierCode | null,
    electricType: row.electricType as ElectricType | null,
    electricAccountType: row.electricAccountType as ElectricAccountType | null,
    gasOrgType: row.gasOrgType as GasProvider | null,
    province: row.province,
    city: row.city,
    name: row.name,
    creationTime: row.creationTime.toISOString(),
  }
}

type AccountFields = Omit<typeof userAccounts.$inferInsert, 'id' | 'userId' | 'creationTime' | 'updatedTime'>

/** The stored fields of a saved account, validated with the shared rules of its type; other types' fields dropped. */
async function accountFields(ctx: AppContext, input: AddUpdateUserAccountInput): Promise<AccountFields> {
  const content = input.content.trim()
  const remark = input.remark?.trim() ?? ''
  checkField('remark', remark, [remarkRule])
  const base = {
    lifePayType: input.lifePayType,
    content,
    remark,
    ispCode: null,
    electricType: null,
    electricAccountType: null,
    gasOrgType: null,
    province: null,
    city: null,
    name: null,
  }
  switch (input.lifePayType) {
    case LifePayOrderType.Phone:
      checkField('content', content, [required, mobilePhone])
      return { ...base, ispCode: input.ispCode ?? detectCarrier(content) ?? null }
    case LifePayOrderType.Electric: {
      checkField('content', content, [required, electricAccount])
      checkField('electricType', input.electricType, [required])
      const name = input.name?.trim() || null
      checkField('name', name, [holderName])
      const area =
        input.province || input.city
          ? await electricAreaFor(ctx.db, input.province, input.city, input.electricType as ElectricType)
          : null
      return {
        ...base,
        electricType: input.electricType,
        electricAccountType: input.electricAccountType ?? null,
        province: area?.provinceCode ?? null,
        city: area?.cityCode ?? null,
        name,
      }
    }
    case LifePayOrderType.Gas: {
      checkField('content', content, [required, gasAccount])
      checkField('gasOrgType', input.gasOrgType, [required])
      // Optional on the account; when given, a top-up from it carries the province and city a gas order needs.
      const region = input.province || input.city ? await gasRegionFor(ctx, input.province, input.city) : null
      return {
        ...base,
        gasOrgType: input.gasOrgType,
        province: region?.provinceCode ?? null,
        city: region?.cityCode ?? null,
        name: input.name?.trim() || null,
      }
    }
  }
}

/** POST /api/LifePay/AddUpdateUserAccount: the same account (user, type, number) is saved once. */
export async function addOrUpdateUserAccount(
  ctx: AppContext,
  userId: string,
  input: AddUpdateUserAccountInput,
): Promise<string> {
  const fields = await accountFields(ctx, input)
  const now = ctx.clock.now()
  if (!input.id) {
    const [created] = await ctx.db
      .insert(userAccounts)
      .values({ id: randomUUID(), userId, ...fields, creationTime: now, updatedTime: now })
      .onConflictDoNothing({ target: [userAccounts.userId, userAccounts.lifePayType, userAccounts.content] })
      .returning({ id: userAccounts.id })
    if (!created) throw errors.accountDuplicate()
    return created.id
  }
  if (!isUuid(input.id)) throw errors.accountNotFound()
  try {
    const [updated] = await ctx.db
      .update(userAccounts)
      .set({ ...fields, updatedTime: now })
      .where(and(eq(userAccounts.id, input.id), eq(userAccounts.userId, userId)))
      .returning({ id: userAccounts.id })
    if (!updated) throw errors.accountNotFound()
    return updated.id
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.accountDuplicate()
    throw error
  }
}

const ofUser = (userId: string, type?: LifePayOrderType) =>
  type ? and(eq(userAccounts.userId, userId), eq(userAccounts.lifePayType, type)) : eq(userAccounts.userId, userId)

/** POST /api/LifePay/GetUserAccountAllList: newest first. */
export async function allUserAccounts(
  ctx: AppContext,
  userId: string,
  type?: LifePayOrderType,
): Promise<UserAccount[]> {
  const rows = await ctx.db
    .select()
    .from(userAccounts)
    .where(ofUser(userId, type))
    .orderBy(desc(userAccounts.creationTime), desc(userAccounts.id))
  return rows.map(toUserAccount)
}

/** POST /api/LifePay/GetUserAccountList */
export async function userAccountPage(
  ctx: AppContext,
  userId: string,
  pageIndex: number,
  pageSize: number,
  type?: LifePayOrderType,
): Promise<PageResult<UserAccount>> {
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(userAccounts)
      .where(ofUser(userId, type))
      .orderBy(desc(userAccounts.creationTime), desc(userAccounts.id))
      .limit(pageSize)
      .offset((pageIndex - 1) * pageSize),
    ctx.db.select({ total: count() }).from(userAccounts).where(ofUser(userId, type)),
  ])
  return { pageIndex, pageSize, totalCount: Number(total), items: rows.map(toUserAccount) }
}

/** GET /api/LifePay/GetUserAccountDetail: another user's account answers as not found. */
export async function userAccountDetail(ctx: AppContext, userId: string, id: string): Promise<UserAccount> {
  if (!isUuid(id)) throw errors.accountNotFound()
  const [row] = await ctx.db
    .select()
    .from(userAccounts)
    .where(and(eq(userAccounts.id, id), eq(userAccounts.userId, userId)))
  if (!row) throw errors.accountNotFound()
  return toUserAccount(row)
}

/** POST /api/LifePay/DeleteUserAccount?id=: its top-up reminders are cancelled with it. */
export async function deleteUserAccount(ctx: AppContext, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw errors.accountNotFound()
  await ctx.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(userAccounts)
      .where(and(eq(userAccounts.id, id), eq(userAccounts.userId, userId)))
      .returning({ id: userAccounts.id })
    if (deleted.length === 0) throw errors.accountNotFound()
    await cancelRemindersOfAccount(ctx, tx, userId, id)
  })
}
