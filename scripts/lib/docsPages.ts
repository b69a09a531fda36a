import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

// The documentation as files: its Markdown pages and the screenshots they show. Shared by the docs check
// (scripts/docs.test.ts) and the browser suite, which refreshes a screenshot in docs/ only when a page shows it.

export const DOCS = join(__dirname, '../../docs')
export const DOCS_SCREENSHOTS = join(DOCS, 'screenshots')

/** Every Markdown page under `dir` (absolute paths, sorted). */
export function markdownPages(dir = DOCS): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
}

/** The files of docs/screenshots that a page names (`screenshots/<file>`: an image, a link or a path in prose). */
export function screenshotsShown(dir = DOCS): Set<string> {
  const shown = new Set<string>()
  for (const page of markdownPages(dir)) {
    for (const [, file] of readFileSync(page, 'utf8').matchAll(/\bscreenshots\/([\w.-]+\.png)\b/g)) shown.add(file)
  }
  return shown
}
