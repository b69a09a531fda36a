// The ceilings of the API benches: the smallest Fastify app (same Fastify, same Node, no schema, no database), in its
// own process like the real server. Prints its URL on stdout once listening.
//   GET /           30 bytes of JSON: the ceiling the targets are taken against.
//   POST /          the same 30 bytes for a JSON POST (Fastify's own body parsing): what taking the order page's
//                   request costs before any of the server's code, so a ratio can say what part of a gap is the POST.
//   GET /bytes/<n>  the n-th file of BARE_FASTIFY_PAYLOADS (a JSON list of paths) sent as JSON: an answer of the same
//                   bytes as one of ours (the order page), so a ratio can say what part of a gap is payload size.
//   POST /floor/create  with BARE_FASTIFY_DATABASE_URL: Create…Order's HTTP floor (issue 38): the create's JSON body,
//                   one transaction inserting the order row with raw `pg` (a pool of 10, as the server's), the order
//                   number answered — for the user of the X-LifePay-User-Id virtual login, looked up once.
// BARE_FASTIFY_OPTIONS=ours: the server's own Fastify options (appOptions.ts: its logger at LOG_LEVEL, redaction,
// limits) instead of `logger: false`, so a ratio can say what part of a gap is those options.
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'
import { Pool } from 'pg'
import { fastifyOptions } from '../../server/src/appOptions'
import { floorOrderValues, INSERT_ORDER } from './rawPgFloor'

const ours = process.env.BARE_FASTIFY_OPTIONS === 'ours'
const app = Fastify(
  ours ? fastifyOptions({ logLevel: process.env.LOG_LEVEL || 'warn', trustProxy: false }) : { logger: false },
)
const payloads = (JSON.parse(process.env.BARE_FASTIFY_PAYLOADS || '[]') as string[]).map((path) =>
  readFileSync(path, 'utf8'),
)
app.get('/', async () => ({ success: true, data: 'ok' }))
app.post('/', async () => ({ success: true, data: 'ok' }))
app.get<{ Params: { n: string } }>('/bytes/:n', (request, reply) => {
  const payload = payloads[Number(request.params.n)]
  if (payload === undefined) return reply.code(404).send()
  return reply.type('application/json; charset=utf-8').send(payload)
})
const databaseUrl = process.env.BARE_FASTIFY_DATABASE_URL
if (databaseUrl) {
  const pool = new Pool({ connectionString: databaseUrl, max: 10 })
  const users = new Map<string, Promise<string>>()
  const userOf = (loginId: string) => {
    let user = users.get(loginId)
    if (!user) {
      user = pool
        .query<{ user_id: string }>('select user_id from virtual_logins where id = $1', [loginId])
        .then(({ rows }) => rows[0].user_id)
      users.set(loginId, user)
    }
    return user
  }
  let next = 0
  app.post<{ Body: { phone: string; idempotencyKey: string } }>('/floor/create', async (request) => {
    const userId = await userOf(String(request.headers['x-lifepay-user-id']))
    const orderNo = `H${process.pid}${String(next++).padStart(9, '0')}`
    const values = floorOrderValues({
      orderNo,
      userId,
      account: request.body.phone,
      key: request.body.idempotencyKey,
      now: new Date(),
    })
    const client = await pool.connect()
    try {
      await client.query('begin')
      await client.query(INSERT_ORDER, values)
      await client.query('commit')
    } finally {
      client.release()
    }
    return { success: true, data: { orderNo } }
  })
  app.addHook('onClose', () => pool.end())
}
app.listen({ host: '127.0.0.1', port: 0 }).then((address) => console.log(address))
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => app.close().then(() => process.exit(0)))
