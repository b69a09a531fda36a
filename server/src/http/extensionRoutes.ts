import type { FastifyInstance } from 'fastify'
import { extensionKeyword } from '@contract/schema'

// Calls the production Life Pay back end does not have (issue 36; docs/operator-contract.md) are marked twice: the
// route's `config.extension`, for code, and the OpenAPI operation's `x-lifepay-extension`, for a contract check.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call is ours alone: production's back end has no such path. */
    extension?: boolean
  }
}

/** The operator's own families of paths: accounts, roles, audit, money, jobs, dashboard… none is production's. */
const EXTENSION_PREFIXES = ['/api/admin/', '/api/operator/']

export const isExtensionPath = (url: string) => EXTENSION_PREFIXES.some((prefix) => url.startsWith(prefix))

/** Marks every route that says it is an extension, and every route under the operator's own prefixes. */
export function markExtensionRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.config?.extension && !isExtensionPath(route.url)) return
    route.config = { ...route.config, extension: true }
    // OpenAPI copies an operation's `x-` keys from the route schema (@fastify/swagger).
    if (route.schema) route.schema = Object.assign({}, route.schema, { [extensionKeyword]: true })
  })
}
