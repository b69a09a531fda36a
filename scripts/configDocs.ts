import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { TObject } from '@sinclair/typebox'
import { REPO_ROOT, SETTING_GROUPS, type SettingSchema } from '../server/src/configSchema'

// docs/server.md § Configuration, written from the server's schema (server/src/configSchema.ts): the tables cannot
// drift from what the server reads. `npm run config:docs` rewrites them; scripts/configDocs.test.ts fails when stale.

export const SERVER_DOC = join(REPO_ROOT, 'docs', 'server.md')
const START = '<!-- settings: written by `npm run config:docs` from server/src/configSchema.ts -->'
const END = '<!-- settings end -->'

function defaultOf(setting: SettingSchema): string {
  if (setting.defaultText !== undefined) return setting.defaultText
  const value = setting.default
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return '—'
  if (typeof value === 'boolean') return value ? 'on' : 'off'
  return `\`${String(value)}\``
}

function meaningOf(setting: SettingSchema): string {
  const more: string[] = []
  if (setting.valueText) more.push(`written \`${setting.valueText}\``)
  if (typeof setting.minimum === 'number' && setting.minimum > 1) more.push(`at least ${setting.minimum}`)
  if (setting.neededBy?.length) more.push(`needed by ${setting.neededBy.map((choice) => `\`${choice}\``).join(', ')}`)
  if (setting.secret) more.push('secret: a refusal never quotes it')
  return [setting.description ?? '', ...more].filter(Boolean).join('; ')
}

function groupTable(group: TObject): string {
  const rows = Object.entries(group.properties as Record<string, SettingSchema>).map(
    ([name, setting]) => `| \`${name}\` | ${defaultOf(setting)} | ${meaningOf(setting).replace(/\|/g, '\\|')} |`,
  )
  return [
    `### ${String(group.title)}`,
    '',
    String(group.description),
    '',
    '| Variable | Default | Meaning |',
    '|---|---|---|',
    ...rows,
  ].join('\n')
}

/** The settings section: every group of the schema, in its order, one table each. */
export function settingsSection(): string {
  return [START, '', ...SETTING_GROUPS.map((group) => `${groupTable(group)}\n`), END].join('\n')
}

/** `doc` with its settings section replaced by the schema's. */
export function withSettingsSection(doc: string): string {
  const start = doc.indexOf(START)
  const end = doc.indexOf(END)
  if (start < 0 || end < start) throw new Error(`${SERVER_DOC} has no settings section (${START} … ${END})`)
  return doc.slice(0, start) + settingsSection() + doc.slice(end + END.length)
}

if (require.main === module) {
  const doc = readFileSync(SERVER_DOC, 'utf8')
  const written = withSettingsSection(doc)
  if (process.argv.includes('--check')) {
    if (written !== doc) {
      console.error('docs/server.md § Configuration is stale: npm run config:docs')
      process.exit(1)
    }
  } else writeFileSync(SERVER_DOC, written)
}
