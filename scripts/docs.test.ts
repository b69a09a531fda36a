import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { test } from 'node:test'
import { DOCS, DOCS_SCREENSHOTS, markdownPages, screenshotsShown } from './lib/docsPages'

// The documentation holds together: every link leads somewhere, every page and decision record is in its index,
// docs/screenshots holds only what a page shows, and the code's comments name docs that exist.

const ROOT = join(__dirname, '..')
const README = join(ROOT, 'README.md')
const pages = [README, ...markdownPages()]
const shortName = (file: string) => relative(ROOT, file)

const withoutCodeBlocks = (markdown: string) => markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')

/** The page's text without code: a link inside a code block or span is an example, not a link. */
const prose = (markdown: string) => withoutCodeBlocks(markdown).replace(/`[^`\n]*`/g, '')

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const result = new Set<string>()
  for (const [, heading] of withoutCodeBlocks(markdown).matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-')
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    result.add(count === 0 ? slug : `${slug}-${count}`)
  }
  return result
}

function links(markdown: string): string[] {
  return [...prose(markdown).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?: "[^"]*")?\)/g)].map(([, target]) => target)
}

test('every link of the docs and the README leads to a file, and an anchor to a heading there', () => {
  const broken: string[] = []
  for (const page of pages) {
    for (const target of links(readFileSync(page, 'utf8'))) {
      if (/^[a-z]+:/i.test(target)) continue
      const [path, anchor] = target.split('#')
      const file = path === '' ? page : resolve(dirname(page), decodeURI(path))
      if (!existsSync(file)) {
        broken.push(`${shortName(page)}: ${target} (no such file)`)
      } else if (anchor !== undefined && file.endsWith('.md') && !anchors(readFileSync(file, 'utf8')).has(anchor)) {
        broken.push(`${shortName(page)}: ${target} (no such heading in ${shortName(file)})`)
      }
    }
  }
  assert.deepEqual(broken, [])
})

test('docs/screenshots holds what a page shows, and every screenshot a page names is there', () => {
  const shown = screenshotsShown()
  const present = readdirSync(DOCS_SCREENSHOTS)
  assert.deepEqual(
    present.filter((file) => !shown.has(file)),
    [],
    'shown by no page of docs/: delete it (the browser suite keeps its screenshots in test/e2e/artifacts)',
  )
  assert.deepEqual(
    [...shown].filter((file) => !present.includes(file)),
    [],
    'named by a page but missing from docs/screenshots',
  )
})

test("every page of docs/ is in docs/README.md's index, every decision record in docs/decisions/README.md's", () => {
  const missing = (index: string, dir: string) => {
    const listed = new Set(links(readFileSync(index, 'utf8')).map((target) => resolve(dirname(index), target)))
    return readdirSync(dir)
      .filter((file) => (file.endsWith('.md') || file.endsWith('.json')) && file !== 'README.md')
      .map((file) => join(dir, file))
      .filter((file) => !listed.has(file))
      .map(shortName)
  }
  assert.deepEqual(missing(join(DOCS, 'README.md'), DOCS), [], 'add a line to docs/README.md § Every page')
  assert.deepEqual(
    missing(join(DOCS, 'decisions', 'README.md'), join(DOCS, 'decisions')),
    [],
    'add a line to docs/decisions/README.md',
  )
})

const SOURCES = ['README.md', 'babel.config.js', 'bench', 'config', 'console', 'docs', 'domain', 'scripts', 'server']
const SOURCES_TOO = ['src', 'test', 'types', 'eslint.config.mjs', 'stylelint.config.mjs', 'jest.config.js']
const SKIPPED = new Set(['node_modules', 'dist', 'artifacts', 'migrations', 'openapi.json'])

function sourceFiles(path: string): string[] {
  if (!existsSync(path) || SKIPPED.has(basename(path))) return []
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) => {
    const child = join(path, entry.name)
    if (entry.isDirectory()) return sourceFiles(child)
    return /\.(ts|tsx|js|mjs|cjs|scss|md)$/.test(entry.name) && !SKIPPED.has(entry.name) ? [child] : []
  })
}

test('code and docs name only pages of docs/ that exist', () => {
  const files = [...SOURCES, ...SOURCES_TOO].flatMap((entry) => sourceFiles(join(ROOT, entry)))
  const broken: string[] = []
  for (const file of files) {
    // `git show <commit>:docs/…` names a file of the past, on purpose.
    for (const [name] of readFileSync(file, 'utf8').matchAll(/(?<![:\w/.-])docs\/[\w./-]*\w\.(md|json|png)\b/g)) {
      if (!existsSync(join(ROOT, name))) broken.push(`${shortName(file)}: ${name}`)
    }
  }
  assert.deepEqual(broken, [])
})
