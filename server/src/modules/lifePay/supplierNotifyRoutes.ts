import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../appContext'
import { recordNotification } from '../notifications/recordNotification'
import { handleRechargeResult } from './fulfilment'

export const SUPPLIER_NOTIFY_PATH = '/api/supplier/notify'

/**
 * Where a supplier that calls back posts its results (Fulu: docs/supplier.md § Callback). Its adapter reads the body
 * (signature, freshness, a final result); the order module then checks the result against the order's submission
 * (supplierAnswerCheck.ts). The supplier's acknowledgement goes back only once the result is recorded; anything
 * else — forged, stale, another order's, a mismatch, a failure to record — gets its "try again" answer and changes
 * nothing. A repeat of a recorded result is acknowledged and changes nothing. Every delivery is in the notification
 * log with what became of it. Registered only when the supplier calls back: the sandbox's results never come over
 * HTTP, so with it there is no door to knock on.
 */
export function registerSupplierNotifyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const callback = ctx.providers.supplier.callback
  if (!callback) return
  app.register(async (scope) => {
    // Every body reaches the handler and the log as received: JSON that does not parse, or another content type,
    // is the adapter's to refuse, not a 400 nobody records.
    scope.removeContentTypeParser('application/json')
    scope.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
      request.rawBody = body as string
      done(null, null)
    })
    scope.post(
      SUPPLIER_NOTIFY_PATH,
      { schema: { hide: true }, config: { verbatimInput: true } },
      async (request, reply) => {
        const rawBody = request.rawBody ?? ''
        const reading = callback.read(rawBody)
        let reason: string | null = null
        let recorded = false
        if ('refused' in reading) {
          reason = reading.refused
        } else {
          try {
            reason = await handleRechargeResult(ctx, reading.result)
            recorded = reason === null
          } catch (error) {
            // Not acknowledged: the supplier delivers again later.
            request.log.error({ err: error, orderNo: reading.result.orderNo }, 'supplier callback not recorded')
            reason = `not recorded: ${(error as Error).message}`
          }
        }
        if (!recorded) request.log.warn({ path: SUPPLIER_NOTIFY_PATH, reason }, 'supplier callback refused')
        // Every delivery in the log (docs/server.md § Notification log), after it is processed.
        await recordNotification(ctx, {
          provider: callback.provider,
          route: SUPPLIER_NOTIFY_PATH,
          headers: request.headers,
          body: rawBody,
          verified: 'refused' in reading ? reading.verified : true,
          outcome: recorded ? 'recorded' : 'refused',
          reason,
          // Unverified, the order number it claims (what an operator searches by), never trusted for anything else.
          orderNo: 'refused' in reading ? reading.orderNo : reading.result.orderNo,
        })
        return reply.type('text/plain').send(recorded ? callback.ack : callback.nack)
      },
    )
  })
}
