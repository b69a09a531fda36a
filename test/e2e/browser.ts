import assert from 'node:assert/strict'
import { copyFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type PageScreenshotOptions,
} from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/lib/chromium'
import { DOCS_SCREENSHOTS, screenshotsShown } from '../../scripts/lib/docsPages'

export const ARTIFACTS = join(__dirname, 'artifacts')

/**
 * A screenshot among the artifacts (`file`: its name, e.g. `notify-optin-zh-CN.png`). When a page of docs/ shows a
 * screenshot of that name, docs/screenshots gets the new one too; nothing else is written there, so the docs hold only
 * the screenshots they show.
 */
export async function screenshot(
  page: Page,
  file: string,
  options: Omit<PageScreenshotOptions, 'path'> = {},
): Promise<void> {
  const path = join(ARTIFACTS, file)
  await page.screenshot({ ...options, path })
  if (screenshotsShown().has(file)) copyFileSync(path, join(DOCS_SCREENSHOTS, file))
}

export async function launchBrowser(): Promise<Browser> {
  mkdirSync(ARTIFACTS, { recursive: true })
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
}

/** An iPhone-sized phone browser (375×812), in the given language; `extra` adds to (or overrides) its options. */
export function phoneContext(
  browser: Browser,
  locale: 'zh-CN' | 'en-US' = 'zh-CN',
  extra: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    ...extra,
  })
}

/**
 * Waits until the page is at rest (before a screenshot or a count), for conditions rather than a time: no request in
 * flight, the web fonts loaded, and no transition or finite animation running (the toast, the dialog, the pages'
 * slide); an endless one (a spinner) does not count. Fails after `timeout` ms.
 */
export async function settled(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout })
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { timeout },
  )
}

/**
 * What the page reports as errors from now on: console.error calls and uncaught exceptions. Taro's H5 components
 * log their own failures through console.error (the taro-input TypeError of issue 17, item 13), which no check of
 * the page's content would notice.
 */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(String(error)))
  return errors
}

/** Fails if any of `errors` (from consoleErrors) is a TypeError. */
export function assertNoTypeError(errors: string[]): void {
  assert.deepEqual(
    errors.filter((error) => error.includes('TypeError')),
    [],
  )
}

/** A message template ('Pay {amount}') as a pattern for the texts it makes, whole: each placeholder is any text. */
export function messagePattern(template: string): RegExp {
  const parts = template.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(`^${parts.join('.+')}$`)
}

/** A pattern for a text that starts with `prefix` ('100元' in '100元 售价 ¥98.50'), not followed by a digit. */
export function startsWith(prefix: string): RegExp {
  return new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\d)`)
}

/** A pattern for exactly `text`, nothing before or after it. */
export function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
}

/** A message under a field (an alert whose whole text is `text`: a toast's has its icon too). */
export const fieldError = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: exactly(text) })

/** A toast (an alert) saying `text`. */
export const toast = (page: Page, text: string) => page.getByRole('alert').getByText(text, { exact: true })

/**
 * Waits for the toast saying `text`, then fails unless it lies wholly above the visible element matching
 * `barSelector` (a page's bottom bar, H5's tab bar): a toast must never cover the amount, the button or the tabs.
 * Both are measured in one go, while the toast shows.
 */
export async function assertToastAbove(page: Page, text: string, barSelector: string): Promise<void> {
  await toast(page, text).waitFor()
  const boxes = await page.evaluate(
    ({ text, barSelector }) => {
      // No named function in here: tsx names them with a helper the page does not have.
      const toastBox = [...document.querySelectorAll('.lp-toast')]
        .find((element) => element.getClientRects().length > 0 && element.textContent?.includes(text))
        ?.getBoundingClientRect()
      const barBox = [...document.querySelectorAll(barSelector)]
        .find((element) => element.getClientRects().length > 0)
        ?.getBoundingClientRect()
      return toastBox && barBox ? { toastBottom: toastBox.bottom, barTop: barBox.top } : null
    },
    { text, barSelector },
  )
  assert.ok(boxes, `the toast "${text}" and ${barSelector} are both on screen`)
  assert.ok(
    boxes.toastBottom <= boxes.barTop,
    `the toast "${text}" ends at ${boxes.toastBottom}px, below the top of ${barSelector} at ${boxes.barTop}px`,
  )
}
