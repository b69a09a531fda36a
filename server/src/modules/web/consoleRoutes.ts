import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../../appContext'
import { errors } from '../../http/errors'

export const CONSOLE_PATH = '/console'

// esbuild's `[name].[hash]` names under assets/ (scripts/consoleBuild.ts): a new build gives changed files new names.
const HASHED_ASSET = /^\/?assets\/[^/]+\.[A-Z0-9]{8}\.(js|css)(\.br|\.gz)?$/

/** The console's build when it exists; null otherwise (no /console). */
export function consoleRoot(dir: string | null): string | null {
  return dir && existsSync(join(dir, 'index.html')) ? dir : null
}

const wantsPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && /text\/html/.test(request.headers.accept ?? '')

/**
 * The operator console (console/, built by scripts/consoleBuild.ts) at /console on the API's origin, so its session
 * cookie is same-site and SameSite=Strict holds: hashed assets cached for good, and index.html for every page address
 * under /console (its router owns them), revalidated each time.
 */
export async function registerConsoleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const root = consoleRoot(ctx.config.consoleDir)
  if (!root) return
  const index = readFileSync(join(root, 'index.html'))
  const sendIndex = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index)

  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root,
        prefix: '/',
        decorateReply: false,
        index: false,
        schemaHide: true,
        preCompressed: true,
        allowedPath: (path) => path.startsWith('/assets/'),
        setHeaders: (reply, path) => {
          const relative = path.slice(root.length)
          reply.header(
            'cache-control',
            HASHED_ASSET.test(relative) ? 'public, max-age=31536000, immutable' : 'no-cache',
          )
        },
      })
      // Under the prefix this answers both /console and /console/.
      scope.get('/', { schema: { hide: true } }, async (_request, reply) => sendIndex(reply))
      scope.setNotFoundHandler(async (request, reply) => {
        if (wantsPage(request)) return sendIndex(reply)
        throw errors.notFound()
      })
    },
    { prefix: CONSOLE_PATH },
  )
}
