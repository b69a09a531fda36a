import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../appContext'
import { lifePayOrders } from '../../db/schema'
import { NOTIFY_ACK, NOTIFY_NACK, type SignedHttpSupplier } from '../../providers/signedHttpSupplier'
import { recordNotification } from '../notifications/recordNotification'
import { handleRechargeResult } from './fulfilment'

export const SUPPLIER_NOTIFY_PATH = '/api/supplier/notify'

/**
 * Where the signed-HTTP supplier posts recharge results (docs/supplierProtocol.md § Callback): form-encoded, signed,
 * repeated until acknowledged. The literal `SUCCESS` goes back only once the result is recorded; a forged or foreign
 * callback, one for an order we do not have, or one that could not be recorded gets `FAIL` and changes nothing. A
 * repeat of a recorded result is harmless (an order once delivered stays delivered). Registered only when that
 * supplier is configured: the sandbox's results never come over HTTP, so with it there is no door to knock on.
 */
export function registerSupplierNotifyRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  supplier: SignedHttpSupplier,
): void {
  // Form posts only on this route (a plugin scope): no other route starts taking what browsers send cross-site.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string
      request.rawBody = text
      done(null, Object.fromEntries(new URLSearchParams(text)))
    })
    // Verbatim: a delivery carrying bytes other routes refuse (NUL) still reaches the log, refused by its signature.
    scope.post(
      SUPPLIER_NOTIFY_PATH,
      { schema: { hide: true }, config: { verbatimInput: true } },
      async (request, reply) => {
        const fields = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {}
        const strings = Object.fromEntries(Object.entries(fields).filter(([, value]) => typeof value === 'string'))
        const result = supplier.verifyNotification(strings as Record<string, string>)
        let recorded = false
        let reason: string | null = null
        const known =
          result !== null &&
          (await ctx.db
            .select({ id: lifePayOrders.id })
            .from(lifePayOrders)
            .where(eq(lifePayOrders.orderNo, result.orderNo))
            .then((rows) => rows.length > 0))
        if (result && known) {
          try {
            await handleRechargeResult(ctx, result)
            recorded = true
          } catch (error) {
            // Not acknowledged: the supplier delivers again later.
            request.log.error({ err: error, orderNo: result.orderNo }, 'supplier callback not recorded')
            reason = `not recorded: ${(error as Error).message}`
          }
        } else {
          reason = result ? 'no such order' : 'signature, merchant or fields not valid'
          // Forged, another merchant's, or an order we never placed (logged for the operator, who asks the supplier).
          request.log.warn({ path: SUPPLIER_NOTIFY_PATH, orderNo: result?.orderNo }, 'supplier callback refused')
        }
        // Every delivery in the log (docs/server.md § Notification log), after it is processed.
        await recordNotification(ctx, {
          provider: 'supplier',
          route: SUPPLIER_NOTIFY_PATH,
          headers: request.headers,
          body: request.rawBody ?? '',
          verified: result !== null,
          outcome: recorded ? 'recorded' : 'refused',
          reason,
          // Unverified, the order number it claims (what an operator searches by), never trusted for anything else.
          orderNo: result?.orderNo ?? (typeof strings.orderNo === 'string' ? strings.orderNo : null),
        })
        return reply.type('text/plain').send(recorded ? NOTIFY_ACK : NOTIFY_NACK)
      },
    )
  })
}
