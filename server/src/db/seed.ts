import { randomUUID } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import { ElectricType } from '@domain/electric'
import { toFen } from '@domain/price'
import { hashPassword } from '../modules/account/passwords'
import { findOrCreateUserByPhone } from '../modules/account/users'
import type { Db } from './database'
import {
  DEMO_OPERATOR,
  DEMO_USER,
  demoChannels,
  demoElectricAreas,
  demoParValues,
  demoRates,
  demoRegions,
  demoUserAccounts,
} from './demoData'
import { channels, electricSupportAreas, lifePayRates, operators, parValues, regions, userAccounts } from './schema'

/** Rates are parts per million of the face value: 98.5 % → 985000. */
export function percentToPpm(percent: number): number {
  return Math.round(percent * 10_000)
}

/**
 * First start: reference data (rates, par values, regions, electricity areas) and, when `withDemoUser`, the demo
 * user with saved accounts. Does nothing once rates exist, so it is safe on every start.
 */
export async function seedDatabase(db: Db, now: Date, withDemoUser: boolean): Promise<boolean> {
  if (withDemoUser) await seedDemoOperator(db, now)
  const [{ rates }] = await db.select({ rates: count() }).from(lifePayRates)
  if (Number(rates) > 0) return false
  const passwordHash = withDemoUser ? await hashPassword(DEMO_USER.password) : null
  await db.transaction(async (tx) => {
    await tx
      .insert(channels)
      .values(demoChannels.map((channel) => ({ ...channel, creationTime: now, updatedTime: now })))
      .onConflictDoNothing()
    await tx.insert(lifePayRates).values(
      Object.entries(demoRates).flatMap(([channelId, byType]) =>
        Object.entries(byType).map(([rateType, percent]) => ({
          channelId,
          rateType: Number(rateType),
          ratePpm: percentToPpm(percent),
        })),
      ),
    )
    await tx
      .insert(parValues)
      .values(
        demoParValues.flatMap(({ type, subTypes, yuan }) =>
          subTypes.flatMap((subType) =>
            yuan.map((value) => ({ lifePayOrderType: type, subType, faceValueFen: toFen(value) })),
          ),
        ),
      )
    await tx.insert(regions).values(
      demoRegions.flatMap((province, index) => [
        { areaCode: province.code, areaName: province.name, parentCode: null, sort: index },
        ...province.cities.map(([code, name], cityIndex) => ({
          areaCode: code,
          areaName: name,
          parentCode: province.code,
          sort: cityIndex,
        })),
      ]),
    )
    const names = new Map(
      demoRegions.flatMap((p) => [[p.code, p.name] as const, ...p.cities.map(([c, n]) => [c, n] as const)]),
    )
    let sort = 0
    await tx.insert(electricSupportAreas).values(
      demoElectricAreas.flatMap(({ province, cities, grid }) =>
        cities.map((city) => ({
          provinceCode: province,
          provinceName: names.get(province) ?? province,
          cityCode: city,
          cityName: names.get(city) ?? city,
          electricType: grid,
          needHolderName: grid === ElectricType.Nanwang,
          sort: sort++,
        })),
      ),
    )
    if (!passwordHash) return
    const { user } = await findOrCreateUserByPhone(tx, now, DEMO_USER.phoneNumber, {
      userName: DEMO_USER.userName,
      passwordHash,
    })
    await tx.insert(userAccounts).values(
      demoUserAccounts.map((account, index) => ({
        id: randomUUID(),
        userId: user.id,
        ...account,
        // Lists show newest first: the first account above is the newest.
        creationTime: new Date(now.getTime() - index * 1000),
        updatedTime: now,
      })),
    )
  })
  return true
}

/**
 * The demo operator, also added to a sandbox database seeded before operators existed. Never in production
 * (SEED_DEMO_DATA must be off there), and never re-created once the name exists, so a disabled one stays disabled.
 */
async function seedDemoOperator(db: Db, now: Date): Promise<void> {
  const [existing] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.loginName, DEMO_OPERATOR.loginName))
  if (existing) return
  await db
    .insert(operators)
    .values({
      id: randomUUID(),
      loginName: DEMO_OPERATOR.loginName,
      displayName: DEMO_OPERATOR.displayName,
      passwordHash: await hashPassword(DEMO_OPERATOR.password),
      role: DEMO_OPERATOR.role,
      creationTime: now,
    })
    .onConflictDoNothing()
}
