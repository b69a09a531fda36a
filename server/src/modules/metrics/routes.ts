import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../appContext'
import { Registry } from 'prom-client'
import { processMetrics, type Metrics } from './metrics'

// GET /metrics in Prometheus' text format. Production answers it only to a scraper that presents METRICS_TOKEN as a
// bearer token (Prometheus' `authorization` setting); without the setting the route does not exist there. Elsewhere
// it is open, as /api/docs is. Request timing is by route template, so the labels stay few whatever the traffic.

export const METRICS_PATH = '/metrics'

const digest = (text: string) => createHash('sha256').update(text).digest()

function presentsToken(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? ''
  return timingSafeEqual(digest(given), digest(token))
}

export function registerMetricsRoutes(app: FastifyInstance, ctx: AppContext, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched'
    if (route === METRICS_PATH) return
    metrics.httpRequests.observe(
      { method: request.method, route, status: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    )
  })
  const token = ctx.config.metricsToken
  if (ctx.config.production && !token) return
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (token && !presentsToken(request.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain').send('metrics token required\n')
    }
    const answer = Registry.merge([processMetrics(), metrics.registry])
    return reply.type(answer.contentType).send(await answer.metrics())
  })
}
