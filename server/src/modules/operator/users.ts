import { and, count, desc, eq, like, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type {
  QueryUserAccountListInput,
  QueryUserPageInput,
  UserAccountOutput,
  UserListOutput,
} from '@contract/operator'
import type { PageOutput } from '@contract/pageModel'
import type { CarrierCode } from '@domain/carrier'
import type { ElectricAccountType, ElectricType } from '@domain/electric'
import type { GasProvider } from '@domain/gas'
import { LifePayOrderStatus } from '@domain/lifePayStatus'
import type { LifePayOrderType } from '@domain/lifePayOrderType'
import type { AppContext } from '../../appContext'
import { channels, lifePayOrders, refreshTokens, regions, userAccounts, users, virtualLogins } from '../../db/schema'
import { containsPattern, offsetOf, orderByOf, pageOutput } from './pageModel'

// GetUserPage and GetAccountPage: users and their saved accounts with what an operator asks about them (last login,
// orders). The columns are listed one by one: a password hash, a token or a WeChat session never leaves here.

const iso = (date: Date | null) => (date ? date.toISOString() : null)

// Drizzle leaves the outer query's columns unqualified in a select from one table, where a subquery would read them
// as its own: the outer row's columns are named in full.
const outer = (table: string, column: string) => sql`${sql.identifier(table)}.${sql.identifier(column)}`
const userId = outer('users', 'id')
const asDate = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string))

const orderCount = sql<number>`(select count(*) from ${lifePayOrders} where ${lifePayOrders.userId} = ${userId})`
  .mapWith(Number)
  .as('order_count')
const completedOrderCount = sql<number>`(select count(*) from ${lifePayOrders} where ${lifePayOrders.userId} = ${userId}
  and ${lifePayOrders.lifePayOrderStatus} = ${LifePayOrderStatus.Completed})`
  .mapWith(Number)
  .as('completed_order_count')
/**
 * A login starts a refresh-token family (its rotations are not logins) or a recharge-module virtual login: the
 * newest start of either.
 */
const lastLoginTime = sql<unknown>`greatest(
  (select max(first_time) from (select min(${refreshTokens.creationTime}) as first_time from ${refreshTokens}
    where ${refreshTokens.userId} = ${userId} group by ${refreshTokens.familyId}) as families),
  (select max(${virtualLogins.creationTime}) from ${virtualLogins} where ${virtualLogins.userId} = ${userId}))`.as(
  'last_login_time',
)

const userSortable = { creationTime: users.creationTime, phoneNumber: users.phoneNumber }

export async function userPage(
  ctx: AppContext,
  input: QueryUserPageInput,
): Promise<PageOutput<Required<UserListOutput>>> {
  const keyWords = input.keyWords?.trim()
  const where: SQL | undefined = keyWords
    ? or(like(users.phoneNumber, containsPattern(keyWords)), like(users.userName, containsPattern(keyWords)))
    : undefined
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({
        id: users.id,
        phoneNumber: users.phoneNumber,
        userName: users.userName,
        creationTime: users.creationTime,
        channelId: users.channelId,
        channelName: channels.name,
        orderCount,
        completedOrderCount,
        lastLoginTime,
      })
      .from(users)
      .leftJoin(channels, eq(channels.channelId, users.channelId))
      .where(where)
      .orderBy(...orderByOf(input.pageModel.orderInput, userSortable, [desc(users.creationTime), desc(users.id)]))
      .limit(input.pageModel.rows)
      .offset(offsetOf(input.pageModel)),
    ctx.db.select({ total: count() }).from(users).where(where),
  ])
  return pageOutput(
    input.pageModel,
    total,
    rows.map((row) => ({
      id: row.id,
      phoneNumber: row.phoneNumber,
      userName: row.userName,
      lastLoginTime: iso(asDate(row.lastLoginTime)),
      creationTime: row.creationTime.toISOString(),
      channelId: row.channelId,
      channelName: row.channelName,
      orderCount: row.orderCount,
      completedOrderCount: row.completedOrderCount,
    })),
  )
}

/** The user's orders to the account. */
const accountOrderCount =
  sql<number>`(select count(*) from ${lifePayOrders} where ${lifePayOrders.userId} = ${outer('user_accounts', 'user_id')}
  and ${lifePayOrders.lifePayOrderType} = ${outer('user_accounts', 'life_pay_type')}
  and ${lifePayOrders.account} = ${outer('user_accounts', 'content')})`
    .mapWith(Number)
    .as('order_count')

// A saved electricity account keeps its region by code; the operator reads it by name.
const provinceRegion = alias(regions, 'province_region')
const cityRegion = alias(regions, 'city_region')

const accountSortable = { creationTime: userAccounts.creationTime, content: userAccounts.content }

export async function accountPage(
  ctx: AppContext,
  input: QueryUserAccountListInput,
): Promise<PageOutput<Required<UserAccountOutput>>> {
  const keyWords = input.keyWords?.trim()
  const where = and(
    input.userId !== undefined ? eq(userAccounts.userId, input.userId) : undefined,
    input.lifePayOrderType !== undefined ? eq(userAccounts.lifePayType, input.lifePayOrderType) : undefined,
    keyWords
      ? or(like(userAccounts.content, containsPattern(keyWords)), like(userAccounts.remark, containsPattern(keyWords)))
      : undefined,
  )
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({
        account: userAccounts,
        phoneNumber: users.phoneNumber,
        orderCount: accountOrderCount,
        provinceName: provinceRegion.areaName,
        cityName: cityRegion.areaName,
      })
      .from(userAccounts)
      .leftJoin(users, eq(users.id, userAccounts.userId))
      .leftJoin(provinceRegion, eq(provinceRegion.areaCode, userAccounts.province))
      .leftJoin(cityRegion, eq(cityRegion.areaCode, userAccounts.city))
      .where(where)
      .orderBy(
        ...orderByOf(input.pageModel.orderInput, accountSortable, [
          desc(userAccounts.creationTime),
          desc(userAccounts.id),
        ]),
      )
      .limit(input.pageModel.rows)
      .offset(offsetOf(input.pageModel)),
    ctx.db.select({ total: count() }).from(userAccounts).where(where),
  ])
  return pageOutput(
    input.pageModel,
    total,
    rows.map(({ account, phoneNumber, orderCount, provinceName, cityName }) => ({
      id: account.id,
      userId: account.userId,
      phoneNumber,
      lifePayType: account.lifePayType as LifePayOrderType,
      content: account.content,
      remark: account.remark,
      operators: account.ispCode as CarrierCode | null,
      extraProperties: account.electricAccountType,
      electricType: account.electricType as ElectricType | null,
      electricAccountType: account.electricAccountType as ElectricAccountType | null,
      gasOrgType: account.gasOrgType as GasProvider | null,
      province: account.province,
      city: account.city,
      provinceName: provinceName ?? account.province,
      cityName: cityName ?? account.city,
      name: account.name,
      creationTime: account.creationTime.toISOString(),
      isDeleted: false,
      orderCount,
    })),
  )
}
