import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { ConfigSchema, OWN_PREFIXES, REPO_ROOT } from '../server/src/configSchema'
import { validateSettings } from '../server/src/readSettings'
import { SERVER_DOC, withSettingsSection } from './configDocs'

// The docs and the example environment say what the server reads (server/src/configSchema.ts), or this fails.

const SETTINGS = new Set(Object.keys(ConfigSchema.properties))
/** Upper-case names the docs quote that start like a setting but are not one. */
const NOT_SETTINGS = new Set(['SMS_SEND_REFUSED' /* an error code */])

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8')

/** Each `NAME` or `PREFIX_*` a document quotes that starts like one of our settings. */
function settingNames(doc: string): string[] {
  const names = [...doc.matchAll(/`([A-Z][A-Z0-9_]*[A-Z0-9*])(?:=[^`]*)?`/g)].map((match) => match[1])
  const ours = (name: string) => SETTINGS.has(name) || OWN_PREFIXES.some((prefix) => name.startsWith(prefix))
  return [...new Set(names)].filter((name) => ours(name) && !NOT_SETTINGS.has(name))
}

function isSetting(name: string): boolean {
  if (name.endsWith('*')) return [...SETTINGS].some((setting) => setting.startsWith(name.slice(0, -1)))
  return SETTINGS.has(name)
}

test("docs/server.md's settings tables are the schema's (npm run config:docs)", () => {
  const doc = readFileSync(SERVER_DOC, 'utf8')
  assert.equal(doc, withSettingsSection(doc), 'docs/server.md § Configuration is stale: npm run config:docs')
  for (const name of SETTINGS) assert.ok(doc.includes(`| \`${name}\` |`), `${name} has its row`)
})

test('every setting README.md and docs/deploy.md name is one the server reads', () => {
  for (const path of ['README.md', 'docs/deploy.md', 'docs/server.md']) {
    const unknown = settingNames(read(path)).filter((name) => !isSetting(name))
    assert.deepEqual(unknown, [], `${path} names settings the schema does not have`)
  }
})

/** The example's settings, set and commented-out alternatives (`# NAME=value`) apart. */
function exampleSettings(): { set: Record<string, string>; alternatives: Record<string, string> } {
  const set: Record<string, string> = {}
  const alternatives: Record<string, string> = {}
  for (const line of read('server/production.env.example').split('\n')) {
    const match = /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim())
    if (match) (match[1] ? alternatives : set)[match[2]] = match[3].replace(/\s+\(.*\)$/, '')
  }
  return { set, alternatives }
}

test('server/production.env.example sets only settings, each a value the schema takes', () => {
  const { set, alternatives } = exampleSettings()
  assert.ok(Object.keys(set).length > 40, 'the example was read')
  for (const name of [...Object.keys(set), ...Object.keys(alternatives)])
    assert.ok(SETTINGS.has(name), `${name} in the example is not a setting`)
  assert.equal(set.NODE_ENV, 'production')
  assert.deepEqual(validateSettings(ConfigSchema, set).problems, [])
  // Its commented-out alternatives too, once filled in.
  assert.deepEqual(validateSettings(ConfigSchema, { ...set, ...alternatives }).problems, [])
  // Every secret production checks is in the example, to be filled in.
  for (const secret of ['JWT_SECRET', 'OPERATOR_TOKEN', 'METRICS_TOKEN', 'FULU_APP_SECRET', 'WXPAY_API_V3_KEY'])
    assert.equal(set[secret], '', `${secret} is left for the operator to fill in`)
})
