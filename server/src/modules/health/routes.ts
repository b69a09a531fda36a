import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../appContext'
import { ok } from '../../http/envelope'
import { errors } from '../../http/errors'
import { obj, routeSchema, str } from '../../http/schemas'

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const status = obj({ status: str() }, ['status'])
  app.get(
    '/healthz',
    { schema: routeSchema({ tags: ['Health'], summary: 'Liveness: the process answers', data: status }) },
    async () => ok({ status: 'ok' }),
  )
  app.get(
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
