import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { startAppServer, type AppServer } from '../e2e/appServer'
import { waitFor } from './host/miniHost'
import { ALL_ROUTES, CHECKS, PHONE, type Orders } from './routeChecks'
import { answered, createHost, hostReport, label, payOrder, placePhoneOrder, storedLogin, TARGETS, testUser, type TestUser } from './support'

// Every SPEC route, opened as a shared link opens it: routeChecks.ts says what each must show and read.

let server: AppServer
let user: TestUser
let orders: Orders

before(async () => {
  server = await startAppServer()
  user = await testUser(server, PHONE)
  const completed = await placePhoneOrder(server, user, PHONE, 50)
  await payOrder(server, user, completed)
  orders = { completed, unpaid: await placePhoneOrder(server, user, PHONE, 20) }
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
      test(`${name}${check.query ? ' with its order' : ''}`, async () => {
        const host = createHost(server, target, storedLogin(user))
        try {
          await host.launch({ path: check.route, query: check.query?.(orders) ?? {} })
          const shows = check.shows(orders)
          await waitFor(
            `${name} to show ${shows.join(', ')} after ${check.reads.join(', ') || 'no reads'}\n${hostReport(host)}`,
            () => check.reads.every((path) => answered(host, path)) && shows.every((text) => host.text().includes(text)),
          )
          await waitFor(`${name} onReady`, () => host.lifecycleLog.includes(`${check.route} onReady`))
          assert.deepEqual(host.errors, [], hostReport(host))
        } finally {
          host.dispose()
        }
      })
    }
  })
}
