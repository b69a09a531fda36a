import { sql } from 'drizzle-orm'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../appContext'
import { ok } from '../../http/envelope'
import { errors } from '../../http/errors'
import { routeSchema } from '../../http/schemas'

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const status = Type.Object({ status: Type.String() })
  api.get(
    '/healthz',
    { schema: routeSchema({ tags: ['Health'], summary: 'Liveness: the process answers', data: status }) },
    async () => ok({ status: 'ok' }),
  )
  api.get(
    '/readyz',
    {
      schema: routeSchema({
        tags: ['Health'],
        summary: 'Readiness: the database answers (503 otherwise)',
        data: status,
      }),
    },
    async (request) => {
      try {
        await ctx.db.execute(sql`select 1`)
      } catch (error) {
        request.log.error({ err: error }, 'database not reachable')
        throw errors.notReady()
      }
      return ok({ status: 'ready' })
    },
  )
}
