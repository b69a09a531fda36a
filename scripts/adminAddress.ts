/**
 * Which server the admin CLI (scripts/admin.ts) talks to, and what it says when nothing answers there. Apart from
 * the CLI so scripts/admin.test.ts can check them without a server.
 */
import { listenAddress } from '../server/src/config'

/** How an operator points the CLI at a server: printed whenever the one it tried did not answer as the server. */
export const POINT_ELSEWHERE =
  'Start it with `npm start`, or point the CLI at it: `npm run admin -- --url http://host:port …`, ' +
  'ADMIN_URL=http://host:port, or PORT=<the port the server was started with>.'

/** A server bound to every interface (HOST=0.0.0.0 or ::) is reached on the loopback address. */
function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '[::]') return '127.0.0.1'
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
}

/**
 * The base URL of the server, and the arguments without the URL option. An explicit `--url <url>` (or
 * `--url=<url>`) wins, then ADMIN_URL, then the address `npm start` listens on in this environment: HOST and PORT
 * read exactly as the server reads them (server/src/config.ts), so a CLI started beside the server finds it.
 */
export function adminTarget(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): { baseUrl: string; source: string; args: string[] } {
  const rest: string[] = []
  let explicit: string | undefined
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]
    if (arg === '--url') {
      explicit = args[++i]
      if (!explicit) throw new Error('--url needs the server address, e.g. --url http://127.0.0.1:3000')
    } else if (arg.startsWith('--url=')) {
      explicit = arg.slice('--url='.length)
    } else {
      rest.push(arg)
    }
  }
  const strip = (url: string) => url.replace(/\/+$/, '')
  if (explicit) return { baseUrl: strip(explicit), source: '--url', args: rest }
  if (env.ADMIN_URL) return { baseUrl: strip(env.ADMIN_URL), source: 'ADMIN_URL', args: rest }
  const { host, port } = listenAddress(env)
  const source = env.PORT?.trim() ? 'PORT' : "the server's default port"
  return { baseUrl: `http://${reachableHost(host)}:${port}`, source, args: rest }
}

/** Why a request got no answer, in words: fetch's own message is only "fetch failed". */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  if (cause?.code === 'ECONNREFUSED') return 'connection refused: nothing is listening there'
  if (cause?.code === 'ENOTFOUND') return 'no such host'
  if (cause?.code === 'ETIMEDOUT' || cause?.code === 'UND_ERR_CONNECT_TIMEOUT') return 'no answer in time'
  return cause?.message ?? (error as Error).message
}

/** The message when nothing answers at `baseUrl` (chosen by `source`, from adminTarget). */
export function unreachableMessage(baseUrl: string, source: string, error: unknown): string {
  return `no Life Pay server answers at ${baseUrl} (from ${source}; ${networkReason(error)}). ${POINT_ELSEWHERE}`
}

/** The message when something answered at `baseUrl`, but not as the Life Pay API (another program on the port). */
export function notTheServerMessage(baseUrl: string, source: string, status: number): string {
  return `${baseUrl} (from ${source}) answered HTTP ${status}, not as the Life Pay server. ${POINT_ELSEWHERE}`
}
