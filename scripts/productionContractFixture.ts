/**
 * Writes test/contract/production.json, the production back end's shapes of the calls we serve, from the research
 * fixture (`tsx scripts/productionContractFixture.ts [research fixture]`). Run once; the committed file is the contract
 * scripts/productionContract.test.ts holds docs/openapi.json to. Only names, nesting, types, enum values and
 * required-ness are kept: no comments, no code.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { format } from 'prettier'
import type { ProductionCall, ProductionField, ProductionFixture } from './productionContract'

const DEFAULT_SOURCE = '/work/research/production-contract.fixture.json'
const OUTPUT = join(__dirname, '..', 'test', 'contract', 'production.json')

// The production calls whose path we serve: the Life Pay controller, the consumer's identity and the area list.
const SERVED_OUTSIDE_LIFE_PAY = [
  'Account/GetLifePayWxIndentity',
  'Account/LifePayPhoneMesssageCodeLogin',
  'Account/GetOssSTS',
  'accountAuth/GetTokenByRefreshToken',
  'Area/GetRegionalManagementList',
]

// The operator console's calls (production-contract.md § 3, audience column); GetRate serves both.
const OPERATOR_CALLS = new Set([
  'LifePay/CreateEditLifePayRate',
  'LifePay/CreateEditPayChannels',
  'LifePay/GetAccountPage',
  'LifePay/GetLifePayChannlesDto',
  'LifePay/GetLifePayChannlesPage',
  'LifePay/GetLifePayOrderPage',
  'LifePay/GetLifePayOrderPageExport',
  'LifePay/GetUserPage',
  'LifePay/RefundLifePayOrder',
  'LifePay/RejectRefundLifePayOrder',
  'LifePay/SetLifePayChannelsStatus',
])

interface ResearchCall {
  id: string
  group: string
  method: string
  path: string
  response: { type_name: string; schema: unknown } | null
  input_paths: Record<string, string>
  output_paths: Record<string, string>
}

interface ResearchFixture {
  source: { repository: string; commit: string }
  calls: ResearchCall[]
}

/** `"LifePayStatusEnum(10|20) !required"`, `"OrderInput[]"`, `"number"` → the trimmed field. */
export function parseField(text: string): ProductionField {
  const required = text.endsWith(' !required')
  const type = required ? text.slice(0, -' !required'.length) : text
  const enumMatch = /^(\w+)\(([\d|]+)\)$/.exec(type)
  if (enumMatch) return { type: 'enum', enum: enumMatch[2].split('|').map(Number), required }
  if (type.endsWith('[]')) return { type: 'array', required }
  if (type === 'string' || type === 'number' || type === 'boolean' || type === 'any') return { type, required }
  return { type: 'object', required }
}

/** The answer's own type (a bare integer, an enum, a list …) as the field at path ''. */
function rootOf(call: ResearchCall): ProductionField {
  const schema = call.response?.schema
  if (schema && typeof schema === 'object' && 'enum' in schema && 'values' in schema) {
    return { type: 'enum', enum: (schema as { values: number[] }).values, required: true }
  }
  return { ...parseField(call.response?.type_name ?? 'any'), required: true }
}

function trim(call: ResearchCall): ProductionCall {
  const fields = (paths: Record<string, string>) =>
    Object.fromEntries(Object.entries(paths).map(([path, text]) => [path, parseField(text)]))
  return {
    method: call.method,
    path: call.path,
    audience: OPERATOR_CALLS.has(call.id) ? 'operator' : 'consumer',
    input: fields(call.input_paths),
    output: { '': rootOf(call), ...fields(call.output_paths) },
  }
}

async function main(): Promise<void> {
  const source = JSON.parse(readFileSync(process.argv[2] ?? DEFAULT_SOURCE, 'utf8')) as ResearchFixture
  const served = source.calls.filter((call) => call.group === 'lifepay' || SERVED_OUTSIDE_LIFE_PAY.includes(call.id))
  const fixture: ProductionFixture = {
    source: `${source.source.repository} @ ${source.source.commit}: the generated client and its typings.d.ts`,
    calls: Object.fromEntries(served.map((call) => [call.id, trim(call)])),
  }
  writeFileSync(OUTPUT, await format(JSON.stringify(fixture), { parser: 'json', printWidth: 120 }))
  console.log(`wrote ${OUTPUT}: ${served.length} calls`)
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
