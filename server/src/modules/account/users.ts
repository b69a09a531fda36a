import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { maskPhone } from '@domain/mask'
import { isUuid } from '@domain/uuid'
import type { UserInfo } from '@contract/account'
import type { Executor } from '../../db/database'
import { users } from '../../db/schema'
import { DEFAULT_CHANNEL_ID } from '../lifePay/rateCache'
import { signUpChannelSql } from '../lifePay/userChannel'

export type UserRow = typeof users.$inferSelect

export async function findUserById(executor: Executor, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null
  const [row] = await executor.select().from(users).where(eq(users.id, id))
  return row ?? null
}

/** The referring user a referral code names, applied to an account created by the login; nobody for an unknown id. */
export async function referrerOf(executor: Executor, uId: string | undefined): Promise<string | null> {
  if (!uId) return null
  return (await findUserById(executor, uId.trim()))?.id ?? null
}

export async function findUserByPhone(executor: Executor, phoneNumber: string): Promise<UserRow | null> {
  const [row] = await executor.select().from(users).where(eq(users.phoneNumber, phoneNumber))
  return row ?? null
}

export interface NewUserDetails {
  userName?: string | null
  passwordHash?: string | null
  /** Applied only when the user is created here. */
  referrerUserId?: string | null
  /**
   * The sign-up request's channelId: the new user is bound to that channel if the server knows it and it is enabled
   * (lifePay/userChannel.ts), to the default channel otherwise. Applied only when the user is created here.
   */
  channelId?: string
}

/**
 * The user with this phone number, created when there is none, with random ids (never a sequence). Safe under
 * concurrent calls (unique phone number).
 */
export async function findOrCreateUserByPhone(
  executor: Executor,
  now: Date,
  phoneNumber: string,
  details: NewUserDetails = {},
): Promise<{ user: UserRow; created: boolean }> {
  const [created] = await executor
    .insert(users)
    .values({
      id: randomUUID(),
      phoneNumber,
      userName: details.userName?.trim() || maskPhone(phoneNumber),
      passwordHash: details.passwordHash ?? null,
      referrerUserId: details.referrerUserId ?? null,
      channelId: signUpChannelSql(details.channelId ?? DEFAULT_CHANNEL_ID),
      creationTime: now,
    })
    .onConflictDoNothing({ target: users.phoneNumber })
    .returning()
  if (created) return { user: created, created: true }
  const existing = await findUserByPhone(executor, phoneNumber)
  if (!existing) throw new Error('user vanished between insert and select')
  return { user: existing, created: false }
}

export function toUserInfo(user: UserRow): UserInfo {
  return {
    userId: user.id,
    userName: user.userName,
    phoneNumber: user.phoneNumber ?? '',
    avatarUrl: user.avatarUrl,
    creationTime: user.creationTime.toISOString(),
  }
}
