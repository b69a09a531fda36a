import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { unstorableField } from '../src/http/storableInput'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

// Input the database cannot store (NUL, half a surrogate pair, numbers past 2^53) is refused before any handler runs,
// on every route: the routes and their fields come from the OpenAPI document the server publishes, not from a list.

interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  enum?: unknown[]
  items?: JsonSchema
}
interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
}

let t: TestApp
let caller: Caller

before(async () => {
  t = await createTestApp()
  const tokens = await t.loginDemo()
  caller = {
    token: tokens.accessToken,
    headers: { 'x-operator-token': t.config.operatorToken },
  }
})
after(() => t.close())

const typeOf = (schema: JsonSchema): string => {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]
  return types.find((type) => type && type !== 'null') ?? 'string'
}

/** A value of the field's own type, so that the hostile field is the only thing wrong with the request. */
function plain(schema: JsonSchema): unknown {
  if (schema.enum?.length) return schema.enum[0]
  const type = typeOf(schema)
  if (type === 'integer' || type === 'number') return 1
  if (type === 'boolean') return false
  if (type === 'array') return []
  if (type === 'object') return {}
  return 'x'
}

const HOSTILE_TEXT = ['a\u0000b', 'a\uD800b', '\uDC00a']
const HOSTILE_NUMBERS = [1e20, -1e20, Number.MAX_SAFE_INTEGER + 2]

interface Probe {
  route: string
  field: string
  send: () => Promise<{ status: number; body: { success: boolean; error: string | null; msg: string | null } }>
}

function probes(): Probe[] {
  const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> }
  const found: Probe[] = []
  for (const [path, operations] of Object.entries(document.paths)) {
    if (path.includes('{')) continue
    for (const [method, operation] of Object.entries(operations)) {
      const route = `${method.toUpperCase()} ${path}`
      const body = operation.requestBody?.content?.['application/json']?.schema
      for (const [field, schema] of Object.entries(body?.properties ?? {})) {
        const type = typeOf(schema)
        if (schema.enum) continue
        const hostile =
          type === 'string' ? HOSTILE_TEXT : type === 'integer' || type === 'number' ? HOSTILE_NUMBERS : []
        for (const value of hostile) {
          const payload = Object.fromEntries(
            Object.entries(body?.properties ?? {}).map(([name, other]) => [
              name,
              name === field ? value : plain(other),
            ]),
          )
          found.push({ route, field, send: () => t.post(path, payload, caller) })
        }
      }
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'query' || !parameter.schema || parameter.schema.enum) continue
        const type = typeOf(parameter.schema)
        // A URL carries UTF-8 only: a lone surrogate cannot be sent in one; NUL and huge numbers can.
        const hostile = type === 'string' ? ['a%00b'] : type === 'integer' || type === 'number' ? ['1e20'] : []
        for (const value of hostile) {
          const query = (operation.parameters ?? [])
            .filter((other) => other.in === 'query' && other.schema)
            .map((other) => `${other.name}=${other.name === parameter.name ? value : plain(other.schema ?? {})}`)
            .join('&')
          const url = `${path}?${query}`
          found.push({
            route,
            field: parameter.name,
            send: () => (method === 'get' ? t.get(url, caller) : t.post(url, {}, caller)),
          })
        }
      }
    }
  }
  return found
}

describe('input the database cannot store', () => {
  test('is refused on every route and field of the OpenAPI document: never a 5xx, always the envelope', async () => {
    const all = probes()
    assert.ok(all.length > 100, `expected the document to give many probes, got ${all.length}`)
    const failures: string[] = []
    for (const probe of all) {
      const answer = await probe.send()
      if (answer.status >= 500 || answer.body.success !== false || !answer.body.msg) {
        failures.push(`${probe.route} ${probe.field}: ${answer.status} ${JSON.stringify(answer.body)}`)
      }
    }
    assert.deepEqual(failures, [])
    console.log(`${all.length} hostile requests over ${new Set(all.map((probe) => probe.route)).size} routes, 5xx: 0`)
  })

  test('a huge page index on the order page names the field (was a 500)', async () => {
    const answer = await t.post('/api/LifePay/GetUserLifePayOrderPage', { pageIndex: 1e20, pageSize: 10 }, caller)
    assert.equal(answer.status, 200)
    assert.equal(answer.body.error, 'VALIDATION_FAILED')
    assert.match(answer.body.msg ?? '', /^页码：/)
  })

  test('a NUL byte in a saved account’s remark names the field and saves nothing', async () => {
    const before = await t.data(t.post<unknown[]>('/api/LifePay/GetUserAccountAllList', {}, caller))
    const answer = await t.post(
      '/api/LifePay/AddUpdateUserAccount',
      { lifePayType: LifePayOrderType.Phone, content: '13912345678', remark: 'Mum\u0000' },
      caller,
    )
    assert.equal(answer.body.error, 'VALIDATION_FAILED')
    assert.equal(answer.body.msg, '备注：包含无法保存的字符')
    const afterwards = await t.data(t.post<unknown[]>('/api/LifePay/GetUserAccountAllList', {}, caller))
    assert.equal(afterwards.length, before.length)
  })

  test('storable input passes: emoji (a whole surrogate pair), CJK, the largest safe integer', () => {
    assert.equal(unstorableField({ remark: '妈妈 👩', pageIndex: Number.MAX_SAFE_INTEGER, tags: ['a', 1] }), undefined)
    assert.deepEqual(unstorableField({ list: [{ name: 'a\u0000' }] })?.field, 'name')
    assert.deepEqual(unstorableField({ ['k\u0000']: 1 })?.field, 'k\u0000')
  })
})
