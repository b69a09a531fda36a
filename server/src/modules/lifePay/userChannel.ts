import { eq, sql, type SQL } from 'drizzle-orm'
import type { AppContext } from '../../appContext'
import type { Db } from '../../db/database'
import { preparedPerDb } from '../../db/prepared'
import { channels, users } from '../../db/schema'
import { errors } from '../../http/errors'
import { recordAudit } from '../operatorAccounts/audit'
import type { ActedBy } from '../operatorAccounts/operators'
import { DEFAULT_CHANNEL_ID } from './rateCache'

// Which channel prices a user (docs/api.md § Pricing): the channel they signed up with, bound once by the server and
// changed only by an operator. The channelId a request carries is attribution, never a price: sent later, it would
// let anyone pick the best rate by naming a promotion.

/**
 * The channel a user created now is bound to, as SQL for the user's insert (decided in the insert's own statement): the
 * channelId of the sign-up request when the server knows that channel and it is enabled, else the default channel.
 */
export function signUpChannelSql(requested: string): SQL {
  if (requested === DEFAULT_CHANNEL_ID) return sql`${DEFAULT_CHANNEL_ID}`
  return sql`coalesce((select ${channels.channelId} from ${channels}
    where ${channels.channelId} = ${requested} and ${channels.enabled}), ${DEFAULT_CHANNEL_ID})`
}

// Every order creation reads it (issue 21): built once per database.
const channelStatement = preparedPerDb((db: Db) =>
  db
    .select({ channelId: users.channelId })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('user_channel'),
)

/** The channel whose rates price this user's orders; the default channel for an anonymous caller. */
export async function userChannel(db: Db, userId: string | undefined): Promise<string> {
  if (!userId) return DEFAULT_CHANNEL_ID
  const [row] = await channelStatement(db).execute({ userId })
  return row?.channelId ?? DEFAULT_CHANNEL_ID
}

/**
 * Operator: binds a user to a channel the server knows ('' for the default), with its audit row in the same
 * transaction. Their next price follows it; orders already made keep theirs.
 */
export async function setUserChannel(ctx: AppContext, userId: string, channelId: string, by: ActedBy): Promise<string> {
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    if (channelId !== DEFAULT_CHANNEL_ID) {
      const [known] = await tx
        .select({ id: channels.channelId })
        .from(channels)
        .where(eq(channels.channelId, channelId))
      if (!known) throw errors.channelNotFound()
    }
    const [before] = await tx
      .select({ channelId: users.channelId })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
    if (!before) throw errors.userNotFound()
    await tx.update(users).set({ channelId }).where(eq(users.id, userId))
    await recordAudit(tx, now, {
      actor: by.actor,
      address: by.address,
      action: 'user.channel',
      targetType: 'user',
      targetId: userId,
      before: { channelId: before.channelId },
      after: { channelId },
    })
    return channelId
  })
}
