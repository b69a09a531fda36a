import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { globSync } from 'glob'

// H5 loads every stylesheet into one document (and a mini-program's app-wide styles reach every page): a block class
// defined in two files styles both components once both are loaded. The login form's `.lp-field__error` (indented
// 150 px under its label column) moved the top-up form's field errors once the user had visited login.

const ROOT = join(__dirname, '../..')

/** The block names (`.lp-field` of `.lp-field__error--x`) each stylesheet defines rules for. */
function blocksOf(file: string): Set<string> {
  const source = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
  const blocks = new Set<string>()
  for (const rule of source.matchAll(/([^{}]+)\{/g)) {
    // A rule scoped by an ancestor (`.lp-order-row__side .lp-order-status`) or by another block's class
    // (`.lp-card.lp-result__head`) is a deliberate variation inside that component; a bare rule styles the block
    // everywhere.
    for (const selector of rule[1].split(',')) {
      const trimmed = selector.trim()
      if (/[\s>+~]/.test(trimmed)) continue
      const owned = new Set(
        [...trimmed.matchAll(/\.(lp-[a-z0-9]+(?:-[a-z0-9]+)*)/g)].map(([, name]) => name.split(/__|--/)[0]),
      )
      if (owned.size === 1) blocks.add([...owned][0])
    }
  }
  return blocks
}

describe('stylesheets', () => {
  it('define each block class in one file only', () => {
    const owners = new Map<string, string[]>()
    for (const file of globSync('src/**/*.scss', { cwd: ROOT, absolute: true })) {
      for (const block of blocksOf(file)) owners.set(block, [...(owners.get(block) ?? []), relative(ROOT, file)])
    }
    const shared = [...owners].filter(([, files]) => files.length > 1).map(([block, files]) => `${block}: ${files}`)
    expect(shared).toEqual([])
  })
})
