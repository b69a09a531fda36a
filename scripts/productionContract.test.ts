import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  apiDocWithMapping,
  checkCall,
  readFixture,
  readOpenApi,
  specNamed,
  type OpenApi,
  type ProductionCall,
} from './productionContract'

// Every consumer and operator call of ours speaks the production back end's shape (issue 36; docs/api.md § Production
// compatibility): docs/openapi.json (kept current by `npm run openapi:check`) against test/contract/production.json.

const fixture = readFixture()
const document = readOpenApi()

// Operator writes that answer the changed record where production answers a bare number (our console shows the
// record without a second read; production's console only tests the answer for truth): docs/operator-contract.md.
const pendingOperatorCalls = [
  'LifePay/CreateEditLifePayRate',
  'LifePay/CreateEditPayChannels',
  'LifePay/RefundLifePayOrder',
  'LifePay/RejectRefundLifePayOrder',
  'LifePay/SetLifePayChannelsStatus',
]

// Consumer calls not yet production-shaped (issue 36 item 1, still open): `npx tsx scripts/productionContract.ts <id>`
// prints a call's differences; delete its line when it passes.
const pendingConsumerCalls = [
  'Account/GetOssSTS',
  'accountAuth/GetTokenByRefreshToken',
  'Area/GetRegionalManagementList',
  'LifePay/AddUpdateUserAccount',
  'LifePay/CreateLifePayElectricOrder',
  'LifePay/CreateLifePayGasOrder',
  'LifePay/CreateLifePayPhoneOrder',
  'LifePay/GetElectricParValue',
  'LifePay/GetElectricSupportArea',
  'LifePay/GetGasOrgType',
  'LifePay/GetGasParValue',
  'LifePay/GetPayOrderForJsAPI',
  'LifePay/GetPayStatusByOrderNo',
  'LifePay/GetPhoneParValue',
  'LifePay/GetRate',
  'LifePay/GetUserAccountAllList',
  'LifePay/GetUserAccountDetail',
  'LifePay/GetUserAccountList',
  'LifePay/GetUserLifePayOrderDetail',
  'LifePay/GetUserLifePayOrderPage',
  'LifePay/SetLifePayOrderPayType',
]

const pending = new Set([...pendingOperatorCalls, ...pendingConsumerCalls])

test('every production call we serve has production’s method, path, field names, nesting, types and enum values', () => {
  const failures = Object.entries(fixture.calls)
    .filter(([id]) => !pending.has(id))
    .flatMap(([id, call]) => checkCall(call, document, specNamed(id)).map((problem) => `${id}: ${problem}`))
  assert.deepEqual(failures, [])
})

test('a pending call is still different from production (else its line is deleted)', () => {
  const unknown = [...pending].filter((id) => !(id in fixture.calls))
  assert.deepEqual(unknown, [], 'pending calls that are not production calls')
  const aligned = [...pending].filter((id) => checkCall(fixture.calls[id], document, specNamed(id)).length === 0)
  assert.deepEqual(aligned, [], 'these calls now pass: delete them from the pending lists')
})

test('every call the fixture holds is either consumer or operator, and the operator list names operator calls', () => {
  for (const id of pendingOperatorCalls) assert.equal(fixture.calls[id]?.audience, 'operator', id)
  for (const id of pendingConsumerCalls) assert.equal(fixture.calls[id]?.audience, 'consumer', id)
})

test('docs/api.md maps every call as the fixture and the OpenAPI document stand (npx tsx scripts/productionContract.ts --docs)', () => {
  const { current, expected } = apiDocWithMapping()
  assert.ok(current === expected, 'docs/api.md § Production compatibility is stale')
})

// The checker itself, on a small production call and our schema of it, then mutated copies of either.
const production: ProductionCall = {
  method: 'POST',
  path: '/api/LifePay/Example',
  audience: 'consumer',
  input: {
    body: { type: 'object', required: true },
    'body.productData': { type: 'object', required: false },
    'body.productData.phone': { type: 'string', required: true },
    'body.payType': { type: 'enum', enum: [10, 20], required: false },
  },
  output: {
    '': { type: 'object', required: true },
    data: { type: 'array', required: false },
    'data[].orderNo': { type: 'string', required: false },
  },
}

function ours(): OpenApi {
  const envelope = (data: object) => ({
    content: { 'application/json': { schema: { type: 'object', properties: { success: { type: 'boolean' }, data } } } },
  })
  return {
    paths: {
      '/api/LifePay/Example': {
        post: {
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    productData: { type: 'object', properties: { phone: { type: 'string' } } },
                    payType: { type: 'integer', enum: [10, 20] },
                    confirmDuplicate: { type: 'boolean', 'x-lifepay-extension': true },
                  },
                },
              },
            },
          },
          responses: {
            '200': envelope({
              type: ['object', 'null'],
              properties: {
                data: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      orderNo: { type: 'string' },
                      extra: { type: 'object', 'x-lifepay-extension': true, properties: { note: { type: 'string' } } },
                    },
                  },
                },
              },
            }),
          },
        },
      },
    },
  }
}

type Body = { properties: Record<string, { properties?: Record<string, unknown> } & Record<string, unknown>> }
const bodyOf = (document: OpenApi) =>
  document.paths['/api/LifePay/Example'].post.requestBody?.content?.['application/json'].schema as unknown as Body

test('the checker passes a call of production’s shape whose additions are marked', () => {
  assert.deepEqual(checkCall(production, ours()), [])
})

test('the checker fails a renamed field', () => {
  const renamed = ours()
  const productData = bodyOf(renamed).properties.productData.properties as Record<string, unknown>
  productData.mobile = productData.phone
  delete productData.phone
  assert.deepEqual(checkCall(production, renamed), [
    'in:body.productData.phone is missing',
    'in:body.productData.mobile is ours only and not marked x-lifepay-extension',
  ])
})

test('the checker fails a re-nested field', () => {
  const flat = ours()
  const body = bodyOf(flat)
  body.properties.phone = { type: 'string' }
  delete body.properties.productData
  assert.deepEqual(checkCall(production, flat), [
    'in:body.productData is missing',
    'in:body.productData.phone is missing',
    'in:body.phone is ours only and not marked x-lifepay-extension',
  ])
})

test('the checker fails a different type, other enum values, a missing mark and another method', () => {
  const changed = ours()
  bodyOf(changed).properties.payType.enum = [10, 20, 30]
  delete bodyOf(changed).properties.confirmDuplicate['x-lifepay-extension']
  assert.deepEqual(checkCall(production, changed), [
    'in:body.payType has values 10|20|30, production 10|20',
    'in:body.confirmDuplicate is ours only and not marked x-lifepay-extension',
  ])
  const retyped = ours()
  bodyOf(retyped).properties.productData.properties = { phone: { type: 'integer' } }
  assert.deepEqual(checkCall(production, retyped), ['in:body.productData.phone is integer, production string'])
  assert.deepEqual(checkCall({ ...production, method: 'GET' }, ours()), [
    '/api/LifePay/Example is not GET (ours: POST)',
  ])
})

test('a field the SPEC names may stay unmarked when the allow-list names it', () => {
  const named = ours()
  bodyOf(named).properties.code = { type: 'string' }
  assert.deepEqual(checkCall(production, named), ['in:body.code is ours only and not marked x-lifepay-extension'])
  assert.deepEqual(checkCall(production, named, new Set(['in:body.code'])), [])
})
