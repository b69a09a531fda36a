import type { FastifyRequest } from 'fastify'

/** The request's own address (behind the proxy, as it forwarded it): the sandbox bucket's address is under it. */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`
}
