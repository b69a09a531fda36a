import { asc, count, eq, inArray, like, or, type SQL } from 'drizzle-orm'
import type { LifePayRate } from '@contract/lifePay'
import type {
  ChannelsPageInput,
  ChannelStatus,
  ChannlesType,
  CreateEditPayChannelsInput,
  LifePayChannles,
  SwitchType,
} from '@contract/operator'
import type { PageOutput } from '@contract/pageModel'
import { LifePayRateType } from '@domain/rateType'
import type { AppContext } from '../../appContext'
import type { Executor } from '../../db/database'
import { channels, lifePayRates } from '../../db/schema'
import { errors } from '../../http/errors'
import { invalidField } from '../../http/validation'
import { ppmToPercent } from '../lifePay/catalog'
import { switchChannel } from '../lifePay/channels'
import { recordAudit } from '../operatorAccounts/audit'
import type { ActedBy } from '../operatorAccounts/operators'
import { containsPattern, offsetOf, orderByOf, pageOutput } from './pageModel'
import { ratePpmOf } from '../lifePay/rateWrites'

// The channels of docs/api.md § Pricing under the production back end's names (GetLifePayChannlesPage,
// GetLifePayChannlesDto, CreateEditPayChannels, SetLifePayChannelsStatus). `channlesNum` is the channel id the app
// sends, and the channel's key: orders record it, so it never changes once created. `channlesRate` sets the
// channel's own rate for phone, electricity and gas; the supplier discount (40) stays the default channel's.

export const CHANNEL_ENABLED: ChannelStatus = 10
export const CHANNEL_DISABLED: ChannelStatus = 20

/** The rate types `channlesRate` sets. */
const CHANNEL_RATE_TYPES = [LifePayRateType.DefaultPhone, LifePayRateType.DefaultElectric, LifePayRateType.DefaultGas]

type ChannelRow = typeof channels.$inferSelect

async function ratesOf(executor: Executor, channelIds: string[]): Promise<Map<string, LifePayRate[]>> {
  const byChannel = new Map<string, LifePayRate[]>()
  if (channelIds.length === 0) return byChannel
  const rows = await executor
    .select()
    .from(lifePayRates)
    .where(inArray(lifePayRates.channelId, channelIds))
    .orderBy(asc(lifePayRates.rateType))
  for (const row of rows) {
    const rates = byChannel.get(row.channelId) ?? []
    rates.push({ rateType: row.rateType as LifePayRateType, rate: ppmToPercent(row.ratePpm) })
    byChannel.set(row.channelId, rates)
  }
  return byChannel
}

/** One percent when the channel's phone, electricity and gas rates agree (as CreateEditPayChannels sets them). */
function channlesRateOf(rates: readonly LifePayRate[]): number | null {
  const own = CHANNEL_RATE_TYPES.map((type) => rates.find((rate) => rate.rateType === type)?.rate)
  return own[0] !== undefined && own.every((rate) => rate === own[0]) ? own[0] : null
}

function toChannles(row: ChannelRow, rates: LifePayRate[]): Required<LifePayChannles> {
  return {
    id: row.channelId,
    channlesName: row.name,
    channlesNum: row.channelId,
    channlesRate: channlesRateOf(rates),
    rates,
    status: row.enabled ? CHANNEL_ENABLED : CHANNEL_DISABLED,
    // CreateEditPayChannels writes only the contract's values.
    switchType: row.switchType as SwitchType | null,
    channlesType: row.channlesType as ChannlesType | null,
    creationTime: row.creationTime.toISOString(),
  }
}

export async function channelDto(executor: Executor, id: string): Promise<Required<LifePayChannles>> {
  const [row] = await executor.select().from(channels).where(eq(channels.channelId, id))
  if (!row) throw errors.channelNotFound()
  return toChannles(row, (await ratesOf(executor, [id])).get(id) ?? [])
}

const sortable = { creationTime: channels.creationTime, channlesNum: channels.channelId, channlesName: channels.name }

export async function channelsPage(
  ctx: AppContext,
  input: ChannelsPageInput,
): Promise<PageOutput<Required<LifePayChannles>>> {
  const keyWords = input.keyWords?.trim()
  const where: SQL | undefined = keyWords
    ? or(like(channels.name, containsPattern(keyWords)), like(channels.channelId, containsPattern(keyWords)))
    : undefined
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(channels)
      .where(where)
      .orderBy(...orderByOf(input.pageModel.orderInput, sortable, [asc(channels.channelId)]))
      .limit(input.pageModel.rows)
      .offset(offsetOf(input.pageModel)),
    ctx.db.select({ total: count() }).from(channels).where(where),
  ])
  const rates = await ratesOf(
    ctx.db,
    rows.map((row) => row.channelId),
  )
  return pageOutput(
    input.pageModel,
    total,
    rows.map((row) => toChannles(row, rates.get(row.channelId) ?? [])),
  )
}

/**
 * Creates channel `channlesNum` (no `id`) or edits channel `id`, with its audit row in the same transaction; its
 * rates apply to new orders at once.
 */
export async function createEditPayChannel(
  ctx: AppContext,
  input: CreateEditPayChannelsInput,
  by: ActedBy,
): Promise<Required<LifePayChannles>> {
  const channelId = input.channlesNum
  if (input.id !== undefined && input.id !== channelId) {
    throw invalidField('channlesNum', {
      'zh-CN': '渠道号创建后不可修改',
      'en-US': 'cannot change: orders and links carry it',
    })
  }
  const ratePpm = input.channlesRate === undefined ? undefined : ratePpmOf('channlesRate', input.channlesRate)
  const now = ctx.clock.now()
  const after = await ctx.db.transaction(async (tx) => {
    const before = input.id === undefined ? null : await channelDto(tx, channelId)
    if (input.id === undefined) {
      const [created] = await tx
        .insert(channels)
        .values({
          channelId,
          name: input.channlesName.trim(),
          enabled: input.status !== CHANNEL_DISABLED,
          switchType: input.switchType ?? null,
          channlesType: input.channlesType ?? null,
          creationTime: now,
          updatedTime: now,
        })
        .onConflictDoNothing()
        .returning({ channelId: channels.channelId })
      if (!created) throw invalidField('channlesNum', { 'zh-CN': '渠道号已存在', 'en-US': 'already used' })
    } else {
      const [updated] = await tx
        .update(channels)
        .set({
          name: input.channlesName.trim(),
          ...(input.status !== undefined ? { enabled: input.status === CHANNEL_ENABLED } : {}),
          // Left out: kept as they were, like status.
          ...(input.switchType !== undefined ? { switchType: input.switchType } : {}),
          ...(input.channlesType !== undefined ? { channlesType: input.channlesType } : {}),
          updatedTime: now,
        })
        .where(eq(channels.channelId, channelId))
        .returning({ channelId: channels.channelId })
      if (!updated) throw errors.channelNotFound()
    }
    if (ratePpm !== undefined) {
      for (const rateType of CHANNEL_RATE_TYPES) {
        await tx
          .insert(lifePayRates)
          .values({ channelId, rateType, ratePpm })
          .onConflictDoUpdate({ target: [lifePayRates.channelId, lifePayRates.rateType], set: { ratePpm } })
      }
    }
    const changed = await channelDto(tx, channelId)
    await recordAudit(tx, now, {
      actor: by.actor,
      address: by.address,
      action: before ? 'channel.edit' : 'channel.create',
      targetType: 'channel',
      targetId: channelId,
      before,
      after: changed,
    })
    return changed
  })
  // The tables' triggers tell every instance; this one need not wait for its own notification (as channels.ts).
  ctx.rates.invalidate()
  return after
}

/** Enables (10) or disables (20) a channel, with its audit row in the same transaction. */
export async function setChannelStatus(
  ctx: AppContext,
  id: string,
  status: ChannelStatus,
  by: ActedBy,
): Promise<Required<LifePayChannles>> {
  const now = ctx.clock.now()
  const after = await ctx.db.transaction(async (tx) => {
    const was = await switchChannel(tx, now, id, status === CHANNEL_ENABLED)
    await recordAudit(tx, now, {
      actor: by.actor,
      address: by.address,
      action: 'channel.status',
      targetType: 'channel',
      targetId: id,
      before: { status: was ? CHANNEL_ENABLED : CHANNEL_DISABLED },
      after: { status },
    })
    return channelDto(tx, id)
  })
  ctx.rates.invalidate()
  return after
}
