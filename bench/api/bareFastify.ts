// The ceiling of bench:api: the smallest Fastify app (same Fastify, same Node, no logger, no schema, no database),
// in its own process like the real server. Prints its URL on stdout once listening.
import Fastify from 'fastify'

const app = Fastify({ logger: false })
app.get('/', async () => ({ success: true, data: 'ok' }))
app.listen({ host: '127.0.0.1', port: 0 }).then((address) => console.log(address))
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => app.close().then(() => process.exit(0)))
