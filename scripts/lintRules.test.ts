import assert from 'node:assert/strict'
import { join } from 'node:path'
import { test } from 'node:test'
import { ESLint } from 'eslint'

// The lint rules that hold the tree's shape, seen failing: an import loop, and an import from upstairs into the
// kernel (domain/) or the contract (types/api). A rule only counts once it has been seen to fire.

const ROOT = join(__dirname, '..')
const eslint = new ESLint({ cwd: ROOT, ignore: false })

const rulesHit = (results: ESLint.LintResult[]) => results.flatMap((result) => result.messages.map((m) => m.ruleId))

test('an import loop is an error (import-x/no-cycle reads .ts files)', async () => {
  const results = await eslint.lintFiles([join(ROOT, 'scripts/fixtures/importLoop/first.ts')])
  assert.ok(rulesHit(results).includes('import-x/no-cycle'), JSON.stringify(results[0].messages))
})

test('the kernel and the contract import nothing from upstairs', async () => {
  const upstairs = [
    ['domain/probe.ts', "import { useSessionStore } from '../src/stores/session'\nexport const s = useSessionStore\n"],
    ['domain/probe.ts', "import { errors } from '../server/src/http/errors'\nexport const e = errors\n"],
    ['types/api/probe.ts', "import { useLocaleStore } from '../../src/i18n/i18n'\nexport const f = useLocaleStore\n"],
    [
      'console/src/probe.ts',
      "import { useSessionStore } from '../../src/stores/session'\nexport const s = useSessionStore\n",
    ],
    [
      'server/src/probe.ts',
      "import { useSessionStore } from '../../src/stores/session'\nexport const s = useSessionStore\n",
    ],
  ] as const
  for (const [filePath, text] of upstairs) {
    const results = await eslint.lintText(text, { filePath: join(ROOT, filePath) })
    assert.ok(rulesHit(results).includes('import-x/no-restricted-paths'), `${filePath}: ${text}`)
  }
  // Downward is fine: the contract and the server build on the kernel by its alias.
  const downward = await eslint.lintText(
    "import { LifePayStatus } from '@domain/lifePayStatus'\nexport const p = LifePayStatus\n",
    {
      filePath: join(ROOT, 'server/src/probe.ts'),
    },
  )
  assert.deepEqual(rulesHit(downward), [])
})
