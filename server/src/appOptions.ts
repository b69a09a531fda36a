import type { FastifyServerOptions } from 'fastify'
import type { ServerConfig } from './config'
import { CSRF_HEADER, OPERATOR_TOKEN_HEADER, VIRTUAL_USER_HEADER } from './http/auth'
import { logSerializers } from './http/logRedaction'
import { extensionKeyword } from '@contract/schema'

/** Fastify takes a hop count at run time but not in its types: the same rule as a function (the nth hop and nearer). */
const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops

/**
 * The server's Fastify options: its logger and its limits. buildApp uses them, and so does the API bench's ceiling
 * with our options (bench/api/bareFastify.ts), so the bench can say what they cost on their own.
 */
export function fastifyOptions(
  config: Pick<ServerConfig, 'logLevel' | 'trustProxy'>,
  logger: FastifyServerOptions['logger'] = { level: config.logLevel },
): FastifyServerOptions {
  return {
    // Whoever configures the logger, it carries no credential and no personal data (http/logRedaction.ts).
    logger:
      typeof logger === 'object'
        ? {
            ...logger,
            redact: [
              `req.headers.authorization`,
              `req.headers["${OPERATOR_TOKEN_HEADER}"]`,
              `req.headers["${VIRTUAL_USER_HEADER}"]`,
              // The operator's session id and its CSRF token.
              `req.headers.cookie`,
              `req.headers["${CSRF_HEADER}"]`,
            ],
            serializers: { ...('serializers' in logger ? logger.serializers : {}), ...logSerializers },
          }
        : logger,
    // Large enough for order pages; uploads raise it on their own route.
    bodyLimit: 1024 * 1024,
    // request.ip (the abuse limits' subject) comes from X-Forwarded-For only behind a proxy we were told about.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // The contract marks what production does not publish (types/api/schema.ts): a note for OpenAPI, not a rule.
    ajv: { customOptions: { keywords: [extensionKeyword] } },
  }
}
