import { asc, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { ElectricParValue, ElectricSupportArea, GasParValue, LifePayRate, PhoneParValue } from '@contract/lifePay'
import { carrierCodeLabels, carrierCodeValues, type CarrierCode } from '@domain/carrier'
import { electricTypeValues, type ElectricType } from '@domain/electric'
import { matchElectricArea } from '@domain/electricArea'
import { gasProviderLabels, gasProviderValues, type GasProvider } from '@domain/gas'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { fenToYuan } from '@domain/price'
import { lifePayRateTypeValues, type LifePayRateType } from '@domain/rateType'
import type { Executor } from '../../db/database'
import { electricSupportAreas, parValues } from '../../db/schema'
import { DEFAULT_CHANNEL_ID, type RateRow } from './rateCache'

/**
 * The request's channel id (query first, then body's `channelId`, then production's `checkChannelId`); anything
 * unusable counts as the default channel. Attribution (the order records it) and a new user's sign-up channel
 * (userChannel.ts) only: it never prices a request.
 */
export function channelOf(request: FastifyRequest): string {
  const fromQuery = (request.query as { channelId?: unknown } | undefined)?.channelId
  const body = request.body as { channelId?: unknown; checkChannelId?: unknown } | undefined
  const fromBody = typeof body?.channelId === 'string' && body.channelId.trim() ? body.channelId : body?.checkChannelId
  const raw = typeof fromQuery === 'string' && fromQuery.trim() ? fromQuery : fromBody
  return typeof raw === 'string' && raw.trim().length <= 64 ? raw.trim() : DEFAULT_CHANNEL_ID
}

/**
 * Rate (ppm of face value) per type for a channel; a type the channel has no rate for uses the default's. `rows` are
 * the rates in force (RateCache): an unknown or disabled channel has none, so it prices at the default rates.
 */
export function channelRates(rows: readonly RateRow[], channelId: string): Map<LifePayRateType, number> {
  const rates = new Map<LifePayRateType, number>()
  for (const row of rows) if (row.channelId === DEFAULT_CHANNEL_ID) rates.set(row.rateType, row.ratePpm)
  if (channelId !== DEFAULT_CHANNEL_ID)
    for (const row of rows) if (row.channelId === channelId) rates.set(row.rateType, row.ratePpm)
  return rates
}

/** The rate of one type for a channel, and the channel it is (the default's when the channel has none in force). */
export function channelRate(
  rows: readonly RateRow[],
  channelId: string,
  rateType: LifePayRateType,
): { ratePpm: number; channelId: string } | undefined {
  const own =
    channelId === DEFAULT_CHANNEL_ID
      ? undefined
      : rows.find((r) => r.channelId === channelId && r.rateType === rateType)
  const rate = own ?? rows.find((r) => r.channelId === DEFAULT_CHANNEL_ID && r.rateType === rateType)
  return rate && { ratePpm: rate.ratePpm, channelId: rate.channelId }
}

/** ppm → percent (985000 → 98.5). */
export function ppmToPercent(ppm: number): number {
  return ppm / 10_000
}

/** GET /api/LifePay/GetRate */
export function getRates(rateRows: readonly RateRow[], channelId: string): LifePayRate[] {
  const rates = channelRates(rateRows, channelId)
  return lifePayRateTypeValues
    .filter((rateType) => rates.has(rateType))
    .map((rateType) => ({ rateType, rate: ppmToPercent(rates.get(rateType) as number) }))
}

/** Whether the supplier takes a kind of top-up (SupplierProvider.offers; absent: every kind). */
export type Offered = (kind: { lifePayOrderType: LifePayOrderType; subType: string; parValueFen: number }) => boolean

async function faceValuesBySubType(
  executor: Executor,
  type: LifePayOrderType,
  offered: Offered = () => true,
): Promise<Map<string, number[]>> {
  const rows = await executor
    .select()
    .from(parValues)
    .where(eq(parValues.lifePayOrderType, type))
    .orderBy(asc(parValues.subType), asc(parValues.faceValueFen))
  const bySubType = new Map<string, number[]>()
  for (const row of rows) {
    // A face value the supplier cannot take is not shown: creating it would be refused (orders.ts).
    if (!offered({ lifePayOrderType: type, subType: row.subType, parValueFen: row.faceValueFen })) continue
    const list = bySubType.get(row.subType) ?? []
    list.push(fenToYuan(row.faceValueFen))
    bySubType.set(row.subType, list)
  }
  return bySubType
}

/** POST /api/LifePay/GetPhoneParValue: every value on offer (the app shows those ≤ 300). */
export async function getPhoneParValues(executor: Executor): Promise<PhoneParValue[]> {
  const values = await faceValuesBySubType(executor, LifePayOrderType.Phone)
  return carrierCodeValues
    .filter((code) => values.has(code))
    .map((ispCode: CarrierCode) => ({
      ispCode,
      ispName: carrierCodeLabels['zh-CN'][ispCode],
      parValue: values.get(ispCode) ?? [],
    }))
}

/** POST /api/LifePay/GetElectricParValue */
export async function getElectricParValues(executor: Executor, offered?: Offered): Promise<ElectricParValue[]> {
  const values = await faceValuesBySubType(executor, LifePayOrderType.Electric, offered)
  return electricTypeValues
    .filter((type) => values.has(type))
    .map((electricType: ElectricType) => ({ electricType, parValue: values.get(electricType) ?? [] }))
}

/** POST /api/LifePay/GetGasParValue */
export async function getGasParValues(executor: Executor, offered?: Offered): Promise<GasParValue[]> {
  const values = await faceValuesBySubType(executor, LifePayOrderType.Gas, offered)
  return gasProviderValues
    .filter((provider) => values.has(provider))
    .map((gasOrgType: GasProvider) => ({
      gasOrgType,
      gasOrgName: gasProviderLabels['zh-CN'][gasOrgType],
      parValue: values.get(gasOrgType) ?? [],
    }))
}

type AreaRow = typeof electricSupportAreas.$inferSelect

function toArea(row: AreaRow): ElectricSupportArea {
  return {
    provinceCode: row.provinceCode,
    provinceName: row.provinceName,
    cityCode: row.cityCode,
    cityName: row.cityName,
    electricType: row.electricType as ElectricType,
    needHolderName: row.needHolderName,
  }
}

/** POST /api/LifePay/GetElectricSupportArea */
export async function getElectricSupportAreas(executor: Executor): Promise<ElectricSupportArea[]> {
  const rows = await executor.select().from(electricSupportAreas).orderBy(asc(electricSupportAreas.sort))
  return rows.map(toArea)
}

/**
 * The supported area of a province and city, each given by code or by name. Which names count as equal ('北京' and
 * '北京市') is matchElectricArea's rule, shared with the app; the list is small (every client loads it whole), so the
 * candidates are read in sort order and matched in TS rather than by a second rule in SQL.
 */
export async function findElectricArea(
  executor: Executor,
  province: string,
  city: string,
): Promise<ElectricSupportArea | null> {
  return matchElectricArea(await getElectricSupportAreas(executor), province, city) ?? null
}
