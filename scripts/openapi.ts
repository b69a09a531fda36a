/**
 * Writes the API's OpenAPI document to docs/openapi.json (`npm run openapi`), or with --check fails when that file
 * is not what the code describes (`npm run openapi:check`, run by CI).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { drizzle } from 'drizzle-orm/pglite'
import { buildApp } from '../server/src/app'
import { loadConfig } from '../server/src/config'
import type { Db } from '../server/src/db/database'
import * as schema from '../server/src/db/schema'

const OUTPUT = join(__dirname, '..', 'docs', 'openapi.json')

async function main(): Promise<void> {
  const check = process.argv.includes('--check')
  // Describing the routes needs no database: a mock stands in for it.
  const db = drizzle.mock({ schema }) as unknown as Db
  const app = await buildApp({
    config: loadConfig({ STATIC_DIR: '', LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv),
    db,
    logger: false,
  })
  await app.ready()
  const document = `${JSON.stringify(app.swagger(), null, 2)}\n`
  await app.close()
  if (!check) {
    writeFileSync(OUTPUT, document)
    console.log(`wrote ${OUTPUT}`)
    return
  }
  let current = ''
  try {
    current = readFileSync(OUTPUT, 'utf8')
  } catch {
    // A missing file is as stale as an outdated one.
  }
  if (current !== document) {
    console.error('docs/openapi.json is stale: run `npm run openapi` and commit the result')
    process.exit(1)
  }
  console.log('docs/openapi.json is current')
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
