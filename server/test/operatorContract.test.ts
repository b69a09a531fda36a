import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import Fastify from 'fastify'
import { extensionKeyword } from '@contract/schema'
import { markExtensionRoutes } from '../src/http/extensionRoutes'
import { createTestApp, type TestApp } from './support/testApp'

// The operator side of issue 36: production's operator calls at production's method and path, unmarked, with our
// extra fields marked; the calls production lacks marked as a whole (docs/operator-contract.md).

interface JsonSchema {
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  [extensionKeyword]?: boolean
}
interface Operation {
  [extensionKeyword]?: boolean
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>
}
type Paths = Record<string, Record<string, Operation>>

let t: TestApp
let paths: Paths
before(async () => {
  t = await createTestApp()
  paths = (t.app.swagger() as { paths: Paths }).paths
})
after(() => t.close())

/** Production's operator calls (its console's generated client), by method and path. */
const PRODUCTION_OPERATOR_CALLS = [
  ['post', '/api/LifePay/GetLifePayOrderPage'],
  ['post', '/api/LifePay/GetLifePayOrderPageExport'],
  ['post', '/api/LifePay/RefundLifePayOrder'],
  ['post', '/api/LifePay/RejectRefundLifePayOrder'],
  ['post', '/api/LifePay/CreateEditLifePayRate'],
  ['post', '/api/LifePay/CreateEditPayChannels'],
  ['get', '/api/LifePay/SetLifePayChannelsStatus'],
  ['post', '/api/LifePay/GetLifePayChannlesPage'],
  ['get', '/api/LifePay/GetLifePayChannlesDto'],
  ['post', '/api/LifePay/GetUserPage'],
  ['post', '/api/LifePay/GetAccountPage'],
  ['get', '/api/LifePay/GetRate'],
] as const

const marked = (schema: JsonSchema | undefined) =>
  Object.entries(schema?.properties ?? {})
    .filter(([, field]) => field[extensionKeyword] === true)
    .map(([name]) => name)
    .sort()

const answerOf = (operation: Operation) => operation.responses?.['200']?.content?.['application/json']?.schema
const bodyOf = (operation: Operation) => operation.requestBody?.content?.['application/json']?.schema
/** The row of a paged answer (`data.data[]`) or the answer itself. */
const rowOf = (operation: Operation) => {
  const data = answerOf(operation)?.properties?.data
  return data?.properties?.data?.items ?? data
}

test('production’s operator calls answer at its method and path, and are not marked as ours', () => {
  for (const [method, path] of PRODUCTION_OPERATOR_CALLS) {
    const operation = paths[path]?.[method]
    assert.ok(operation, `${method.toUpperCase()} ${path}`)
    assert.equal(operation[extensionKeyword], undefined, path)
  }
  // Production's state-changing GET has no POST twin here.
  assert.equal(paths['/api/LifePay/SetLifePayChannelsStatus']?.post, undefined)
})

test('every /api/admin and /api/operator call is marked ours in OpenAPI', () => {
  const ours = Object.entries(paths).filter(([path]) => /^\/api\/(admin|operator)\//.test(path))
  assert.ok(ours.length > 30)
  for (const [path, operations] of ours)
    for (const [method, operation] of Object.entries(operations))
      assert.equal(operation[extensionKeyword], true, `${method.toUpperCase()} ${path}`)
})

test('the fields production does not publish are marked; production’s own are not', () => {
  const operation = (path: string, method = 'post') => paths[path][method]
  assert.deepEqual(marked(rowOf(operation('/api/LifePay/GetLifePayOrderPage'))), [
    'account',
    'channelId',
    'rateChannelId',
    'refundApplyReason',
    'refundApplyTime',
    'refundCheckTime',
    'supplierResult',
  ])
  assert.deepEqual(marked(rowOf(operation('/api/LifePay/GetUserPage'))), [
    'channelId',
    'channelName',
    'completedOrderCount',
    'orderCount',
    'userName',
  ])
  assert.deepEqual(marked(rowOf(operation('/api/LifePay/GetAccountPage'))), [
    'cityName',
    'electricAccountType',
    'electricType',
    'gasOrgType',
    'name',
    'orderCount',
    'phoneNumber',
    'provinceName',
    'userId',
  ])
  for (const [path, method] of [
    ['/api/LifePay/GetLifePayChannlesPage', 'post'],
    ['/api/LifePay/GetLifePayChannlesDto', 'get'],
  ])
    assert.deepEqual(marked(rowOf(operation(path, method))), ['creationTime', 'rates'], path)
  assert.deepEqual(marked(bodyOf(operation('/api/LifePay/RefundLifePayOrder'))), ['acknowledgeDelivered'])
  for (const path of ['/api/LifePay/GetUserPage', '/api/LifePay/GetLifePayChannlesPage', '/api/LifePay/GetAccountPage'])
    assert.deepEqual(marked(bodyOf(operation(path))), ['keyWords'], path)
  assert.deepEqual(marked(bodyOf(operation('/api/LifePay/GetLifePayOrderPage'))), [])
})

test('a route is marked by its config or by its path, in its config and in its OpenAPI operation', async () => {
  const app = Fastify()
  markExtensionRoutes(app)
  const answer = async (request: { routeOptions: { config: { extension?: boolean } } }) => ({
    extension: request.routeOptions.config.extension === true,
  })
  app.get('/api/LifePay/Ours', { config: { extension: true }, schema: { summary: 'ours' } }, answer)
  app.get('/api/admin/anything', { schema: { summary: 'admin' } }, answer)
  app.get('/api/LifePay/GetRate', { schema: { summary: 'production' } }, answer)
  const seen: Record<string, unknown> = {}
  app.addHook('onRoute', (route) => {
    seen[route.url] = (route.schema as Record<string, unknown> | undefined)?.[extensionKeyword]
  })
  app.get('/api/operator/late', { schema: { summary: 'after' } }, answer)
  for (const [url, expected] of [
    ['/api/LifePay/Ours', true],
    ['/api/admin/anything', true],
    ['/api/LifePay/GetRate', false],
    ['/api/operator/late', true],
  ] as const)
    assert.deepEqual((await app.inject({ url })).json(), { extension: expected }, url)
  assert.equal(seen['/api/operator/late'], true)
  await app.close()
})
