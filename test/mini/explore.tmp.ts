import { startAppServer } from '../e2e/appServer'
import { SUBPACKAGES, TAB_PAGES } from '../../src/routes'
import { createHost, placePhoneOrder, payOrder, storedLogin, testUser } from './support'

async function main() {
  const server = await startAppServer()
  const user = await testUser(server, '13700001234')
  const done = await placePhoneOrder(server, user, '13700001234')
  await payOrder(server, user, done)
  const unpaid = await placePhoneOrder(server, user, '13700001234', 20)
  const platform = (process.env.P ?? 'weapp') as 'weapp'
  const routes = [...TAB_PAGES, ...SUBPACKAGES.flatMap((g) => g.pages.map((p) => `${g.root}/${p}/${p}`))]
  for (const route of routes) {
    const host = createHost(server, { platform, profile: 'current' }, storedLogin(user))
    ;(host.context as any).AbortController = AbortController
    const name = route.split('/').pop()!
    const query: Record<string,string> = /order$|Refund|Result$/.test(name) ? { orderNo: done } : name === 'selectPayType' ? { orderNo: unpaid } : {}
    await host.launch({ path: route, query })
    await new Promise((r) => setTimeout(r, 1500))
    console.log(`\n## ${name}`, JSON.stringify(query), '\n', host.text().slice(0, 600), '\n req:', host.requests.map((r) => `${r.path} ${r.status}`).join(', '), '\n err:', host.errors.join('|').slice(0, 300))
    host.dispose()
  }
  await server.stop()
}
main().catch((e) => { console.log('FAILED', e); process.exit(1) })
