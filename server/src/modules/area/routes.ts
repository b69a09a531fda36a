import { asc } from 'drizzle-orm'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { RegionalManagement } from '@contract/area'
import type { AppContext } from '../../appContext'
import { regions } from '../../db/schema'
import { ok } from '../../http/envelope'
import { routeSchema } from '../../http/schemas'

/** Provinces with their cities, in display order. */
export async function regionTree(ctx: AppContext): Promise<RegionalManagement[]> {
  const rows = await ctx.db.select().from(regions).orderBy(asc(regions.sort), asc(regions.areaCode))
  const nodes = new Map(
    rows.map((row) => [
      row.areaCode,
      { areaCode: row.areaCode, areaName: row.areaName, children: [] as RegionalManagement[] },
    ]),
  )
  const roots: RegionalManagement[] = []
  for (const row of rows) {
    const node = nodes.get(row.areaCode) as RegionalManagement
    const parent = row.parentCode ? nodes.get(row.parentCode) : undefined
    if (parent) parent.children.push(node)
    else roots.push(node)
  }
  return roots
}

export function registerAreaRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/Area/GetRegionalManagementList',
    {
      schema: routeSchema({
        tags: ['Area'],
        summary: 'Provinces with their cities (GB/T 2260 codes)',
        data: Type.Array(RegionalManagement),
      }),
    },
    async () => ok(await regionTree(ctx)),
  )
}
