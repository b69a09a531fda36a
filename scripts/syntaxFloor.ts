/**
 * npm run syntax:check — every script the builds ship (dist/weapp, dist/alipay, dist/h5) must parse as ES2017, the
 * language of our oldest engines (browserslist: iOS 11, Chrome 63). Babel lowers our sources to that floor, but
 * node_modules are shipped as published unless config/index.ts transpiles them: a package that starts using newer
 * syntax (object spread, `?.`, class fields) would be a blank app on those phones, and no test running on Node or
 * a current Chromium would notice.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { parse } from 'acorn'

export const ECMA_FLOOR = 2017

function scriptsUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return scriptsUnder(path)
    return name.endsWith('.js') ? [path] : []
  })
}

/** The scripts of one build that do not parse at the floor, with where and why. */
export function syntaxAboveFloor(dist: string): string[] {
  return scriptsUnder(dist).flatMap((file) => {
    const source = readFileSync(file, 'utf8')
    try {
      parse(source, { ecmaVersion: ECMA_FLOOR, sourceType: 'script' })
      return []
    } catch (error) {
      const { pos, message } = error as { pos: number; message: string }
      return [`${relative(dist, file)}: ${message} — …${source.slice(Math.max(0, pos - 60), pos + 40)}…`]
    }
  })
}

if (require.main === module) {
  const root = join(__dirname, '..', 'dist')
  const builds = ['weapp', 'alipay', 'h5'].filter((target) => existsSync(join(root, target)))
  if (!builds.length) throw new Error('no build in dist/: build weapp, alipay or h5 first')
  const problems = builds.flatMap((target) => syntaxAboveFloor(join(root, target)).map((line) => `${target}/${line}`))
  for (const line of problems) console.error(line)
  console.log(`${builds.join(', ')}: ${problems.length ? `${problems.length} script(s) above` : 'every script parses at'} ES${ECMA_FLOOR}`)
  if (problems.length) process.exit(1)
}
