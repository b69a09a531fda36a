import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import { waitFor } from './host/miniHost'
import { ALL_ROUTES, CHECKS, type Orders } from './routeChecks'
import {
  createHost,
  dataComplete,
  hostReport,
  label,
  prepareRouteChecks,
  storedLogin,
  TARGETS,
  type TestUser,
} from './support'

// Every SPEC route, opened as a shared link opens it: routeChecks.ts says what each must show and read.

let server: AppServer
let user: TestUser
let orders: Orders

before(async () => {
  server = await startAppServer()
  const prepared = await prepareRouteChecks(server)
  user = prepared.user
  orders = prepared.orders
})

after(async () => {
  await server?.stop()
})

test('every SPEC route has a check', () => {
  assert.deepEqual([...new Set(CHECKS.map((check) => check.route))].sort(), [...ALL_ROUTES].sort())
})

for (const target of TARGETS) {
  describe(`every route in the ${label(target)} build`, () => {
    for (const check of CHECKS) {
      const name = check.route.split('/').pop() as string
      test(`${name}${check.query ? ` ?${Object.keys(check.query({} as Orders)).join('&')}` : ''}`, async () => {
        const host = createHost(server, target, storedLogin(user))
        try {
          await host.launch({ path: check.route, query: check.query?.(orders) ?? {} })
          const shows = check.shows(orders)
          await waitFor(
            `${name} to show ${shows.join(', ')} after ${check.reads.join(', ') || 'no reads'}\n${hostReport(host)}`,
            () => dataComplete(host, check, orders),
          )
          await waitFor(`${name} onReady`, () =>
            host.lifecycleLog.some((entry) => entry.route === check.route && entry.lifecycle === 'onReady'),
          )
          assert.deepEqual(host.errors, [], hostReport(host))
        } finally {
          host.dispose()
        }
      })
    }
  })
}
