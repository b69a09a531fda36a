/**
 * Holds our OpenAPI document to the production back end's shapes (test/contract/production.json, issue 36): every
 * production call exists with its method; every production field exists at the same dotted path with a compatible
 * type and the same enum values; every field of ours production lacks is marked `x-lifepay-extension`.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** A production field: its wire type, enum values, and whether the production types require it. */
export interface ProductionField {
  type: 'string' | 'number' | 'boolean' | 'any' | 'object' | 'array' | 'enum'
  enum?: number[]
  required: boolean
}

/** One production call: `input` paths start with `body` or `query.`; `output` paths are inside `data` ('' = data). */
export interface ProductionCall {
  method: string
  path: string
  audience: 'consumer' | 'operator'
  input: Record<string, ProductionField>
  output: Record<string, ProductionField>
}

export interface ProductionFixture {
  source: string
  calls: Record<string, ProductionCall>
}

/** The part of a JSON schema the check reads (fastify-swagger inlines every schema). */
export interface Schema {
  type?: string | string[]
  enum?: unknown[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  anyOf?: Schema[]
  'x-lifepay-extension'?: boolean
}

interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema; 'x-lifepay-extension'?: boolean }[]
  requestBody?: { content?: Record<string, { schema?: Schema }> }
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>
  'x-lifepay-extension'?: boolean
}

export interface OpenApi {
  paths: Record<string, Record<string, Operation>>
}

/** One of our fields at a dotted path: its schema, and whether it or a field around it is marked as ours. */
interface OurField {
  schema: Schema
  marked: boolean
}

const EXTENSION = 'x-lifepay-extension'

// Fields of ours that production lacks but the SPEC names (SPEC §7 wins where it names a field), as `side:path`.
const specNamedFields: Record<string, string[]> = {
  // SPEC §7: the code login takes `phoneNumber, code`; production checks the code in a separate PhoneMessage call.
  'Account/LifePayPhoneMesssageCodeLogin': ['in:body.code'],
}

/** The unmarked fields of ours a call may have because the SPEC names them. */
export const specNamed = (id: string): ReadonlySet<string> => new Set(specNamedFields[id] ?? [])

/** Every field of a schema by dotted path, production's way: `a.b`, `list[].c`, a bare list's items `[].c`. */
export function flatten(schema: Schema, prefix: string, marked = false, into = new Map<string, OurField>()) {
  const ownMark = marked || schema[EXTENSION] === true
  const existing = into.get(prefix)
  // A union (TypeBox's anyOf) is any of its branches: a field counts when one branch has it.
  into.set(prefix, { schema: existing ? { anyOf: [existing.schema, schema] } : schema, marked: ownMark })
  for (const branch of schema.anyOf ?? []) flatten(branch, prefix, ownMark, into)
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    flatten(child, prefix === '' ? name : `${prefix}.${name}`, ownMark, into)
  }
  if (schema.items) flatten(schema.items, `${prefix}[]`, ownMark, into)
  return into
}

function typesOf(schema: Schema): string[] {
  const own = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type]
  return [...own, ...(schema.anyOf ?? []).flatMap(typesOf)]
}

function enumOf(schema: Schema): unknown[] | undefined {
  const values = [schema.enum, ...(schema.anyOf ?? []).map(enumOf)].filter((list) => list !== undefined)
  return values.length === 0 ? undefined : values.flat().filter((value) => value !== null)
}

/** Why our schema cannot carry what production sends or expects at this field, or undefined when it can. */
export function incompatibility(production: ProductionField, ours: Schema): string | undefined {
  if (production.type === 'any') return undefined
  const types = typesOf(ours)
  const want = {
    string: ['string'],
    number: ['number', 'integer'],
    boolean: ['boolean'],
    object: ['object'],
    array: ['array'],
    enum: ['integer', 'number'],
  }[production.type]
  if (!types.some((type) => want.includes(type))) {
    return `is ${types.join('|') || 'untyped'}, production ${production.type}`
  }
  if (production.type === 'enum') {
    const values = enumOf(ours)
    const expected = [...(production.enum ?? [])].sort((a, b) => a - b).join('|')
    const actual = values ? [...(values as number[])].sort((a, b) => a - b).join('|') : 'any integer'
    if (expected !== actual) return `has values ${actual}, production ${expected}`
  }
  return undefined
}

function inputFields(operation: Operation): Map<string, OurField> {
  const fields = new Map<string, OurField>()
  const body = operation.requestBody?.content?.['application/json']?.schema
  if (body) flatten(body, 'body', false, fields)
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query') continue
    const schema = { ...parameter.schema, [EXTENSION]: parameter[EXTENSION] ?? parameter.schema?.[EXTENSION] }
    flatten(schema, `query.${parameter.name}`, false, fields)
  }
  return fields
}

function outputFields(operation: Operation): Map<string, OurField> {
  const envelope = operation.responses?.['200']?.content?.['application/json']?.schema
  const data = envelope?.properties?.data
  return data ? flatten(data, '') : new Map()
}

/**
 * What keeps our call from speaking production's shape: missing or re-typed production fields, and fields of ours
 * without the extension marker. `allowed` lists our unmarked fields the SPEC names (`in:body.code`, `out:token`).
 */
export function checkCall(call: ProductionCall, document: OpenApi, allowed: ReadonlySet<string> = new Set()) {
  const problems: string[] = []
  const methods = document.paths[call.path]
  if (!methods) return [`${call.method} ${call.path} is missing`]
  const operation = methods[call.method.toLowerCase()]
  if (!operation) return [`${call.path} is not ${call.method} (ours: ${Object.keys(methods).join(', ').toUpperCase()})`]
  const sides = [
    ['in', call.input, inputFields(operation)],
    ['out', call.output, outputFields(operation)],
  ] as const
  for (const [side, production, ours] of sides) {
    for (const [path, field] of Object.entries(production)) {
      const our = ours.get(path)
      if (!our) {
        // A body or answer production declares only as a type name is covered by its fields.
        if (path !== 'body' && path !== '') problems.push(`${side}:${path} is missing`)
        continue
      }
      const why = incompatibility(field, our.schema)
      if (why) problems.push(`${side}:${path} ${why}`)
    }
    for (const [path, our] of ours) {
      // A list's items are checked through their fields and the list itself.
      const item = path.endsWith('[]')
      if (
        item ||
        path === 'body' ||
        path === '' ||
        path in production ||
        our.marked ||
        allowed.has(`${side}:${path}`)
      ) {
        continue
      }
      problems.push(`${side}:${path} is ours only and not marked ${EXTENSION}`)
    }
  }
  return problems
}

/** Our fields marked as extensions, outermost only (`in:body.confirmDuplicate`, `out:payAmount`). */
export function extensionsOf(call: ProductionCall, document: OpenApi): string[] {
  const operation = document.paths[call.path]?.[call.method.toLowerCase()]
  if (!operation) return []
  const marked: string[] = []
  for (const [side, fields] of [
    ['in', inputFields(operation)],
    ['out', outputFields(operation)],
  ] as const) {
    for (const [path, field] of fields) {
      const parent = path.replace(/(\.[^.]+|\[\])$/, '')
      if (field.marked && !(parent !== path && fields.get(parent)?.marked)) marked.push(`${side}:${path}`)
    }
  }
  return marked
}

const code = (items: string[]) => (items.length === 0 ? '—' : items.map((item) => `\`${item}\``).join(', '))

/** One call's production shape in short: its request's top-level fields → its answer's (or its bare type). */
function shapeOf(call: ProductionCall): string {
  const top = (paths: string[], prefix: RegExp) =>
    paths.map((path) => path.replace(prefix, '')).filter((path) => path !== '' && !/[.[]/.test(path))
  const input = top(Object.keys(call.input), /^(body\.|body$|query\.)/)
  const output = top(Object.keys(call.output), /^$/)
  const root = call.output['']
  const answer =
    output.length > 0 ? `{${output.join(', ')}}` : root.type === 'enum' ? `enum ${root.enum?.join('|')}` : root.type
  return `${call.method} {${input.join(', ')}} → ${answer}`
}

/** The mapping table of docs/api.md § Production compatibility: each call, production's shape, ours, our extensions. */
export function mappingTable(fixture: ProductionFixture, document: OpenApi) {
  const rows = Object.entries(fixture.calls).map(([id, call]) => {
    const problems = checkCall(call, document, specNamed(id))
    const shown = problems.slice(0, 3)
    const more = problems.length > shown.length ? ` and ${problems.length - shown.length} more` : ''
    const ours = problems.length === 0 ? 'production’s shape' : `differs: ${code(shown)}${more}`
    return `| ${id} (${call.audience}) | ${shapeOf(call)} | ${ours} | ${code(extensionsOf(call, document))} |`
  })
  return ['| call | production | ours | our extensions |', '|---|---|---|---|', ...rows].join('\n')
}

export const ROOT = join(__dirname, '..')
export const readFixture = () =>
  JSON.parse(readFileSync(join(ROOT, 'test/contract/production.json'), 'utf8')) as ProductionFixture
export const readOpenApi = () => JSON.parse(readFileSync(join(ROOT, 'docs/openapi.json'), 'utf8')) as OpenApi

const API_DOC = join(ROOT, 'docs/api.md')
const START = '<!-- production mapping: npx tsx scripts/productionContract.ts --docs -->'
const END = '<!-- end of production mapping -->'

/** docs/api.md with its mapping table as the fixture and docs/openapi.json make it. */
export function apiDocWithMapping(): { current: string; expected: string } {
  const current = readFileSync(API_DOC, 'utf8')
  const start = current.indexOf(START)
  const end = current.indexOf(END)
  if (start < 0 || end < start) throw new Error(`docs/api.md lacks the markers ${START} … ${END}`)
  const table = mappingTable(readFixture(), readOpenApi())
  return { current, expected: `${current.slice(0, start + START.length)}\n\n${table}\n\n${current.slice(end)}` }
}

/**
 * `tsx scripts/productionContract.ts [call id …]`: each call's differences from production, to work down the list;
 * `--docs` rewrites the mapping table of docs/api.md.
 */
function main(): void {
  if (process.argv.includes('--docs')) {
    writeFileSync(API_DOC, apiDocWithMapping().expected)
    return
  }
  const fixture = readFixture()
  const document = readOpenApi()
  const wanted = process.argv.slice(2)
  for (const [id, call] of Object.entries(fixture.calls)) {
    if (wanted.length > 0 && !wanted.includes(id)) continue
    const problems = checkCall(call, document, specNamed(id))
    console.log(`${problems.length === 0 ? 'ok  ' : 'DIFF'} ${call.audience} ${id}`)
    for (const problem of problems) console.log(`       ${problem}`)
  }
}

if (require.main === module) main()
