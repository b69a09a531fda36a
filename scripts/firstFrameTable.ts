import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { navBarTitle } from '../src/components/pageTitle'
import { deliveryExclusionLabels, deliveryTimeText } from '@domain/deliveryTime'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { label, type Locale } from '@domain/locale'
import { formatMessage } from '../src/i18n/messages'
import { homeMessages } from '../src/pages/home/messages'
import { pageTitleKey, SUBPACKAGES, TAB_PAGES } from '../src/routes'

// The table src/index.html's first frame draws from: one row per route, its text read from the catalogues and the
// nav bar's own title function, so the frame cannot drift from the page that replaces it. It imports the app's
// modules (Taro among them), so it runs under jest's Taro shim: test/config/firstFrame.test.ts checks index.html
// holds it, and `npm run firstframes` (the same test with FIRST_FRAMES=write) writes it there.

/** The blocks index.html knows how to draw under the nav bar (its BLOCKS), each replaced by the page's own. */
export type FirstFrameBlock = 'hero' | 'mine' | 'notice'

/** [zh-CN texts, en-US texts, block or 0, 1 on a tab page (no back button)]; texts: the title, then the block's. */
export type FirstFrameRow = [string[], string[], FirstFrameBlock | 0, 0 | 1]

const LOCALES: Locale[] = ['zh-CN', 'en-US']
const HOME = TAB_PAGES[0]

/**
 * The static block a page opens with, where it is the page's LCP element: home's hero, mine's header (the default
 * avatar, no text: who is logged in is the page's to say), the top-up pages' delivery notice.
 */
const BLOCKS: Record<string, [FirstFrameBlock, (locale: Locale) => string[]]> = {
  [HOME]: [
    'hero',
    (locale) => [formatMessage(homeMessages, locale, 'heroTitle'), formatMessage(homeMessages, locale, 'heroSubtitle')],
  ],
  [TAB_PAGES[1]]: ['mine', () => []],
  ...Object.fromEntries(
    (
      [
        ['phoneBillRecharge', LifePayOrderType.Phone],
        ['electricBillRecharge', LifePayOrderType.Electric],
        ['gasBillRecharge', LifePayOrderType.Gas],
      ] as const
    ).map(([page, type]) => [
      page,
      ['notice', (locale: Locale) => [deliveryTimeText(type, locale), label(deliveryExclusionLabels, type, locale)]],
    ]),
  ),
}

function row(page: string, titleOf: (locale: Locale) => string, tab: boolean): FirstFrameRow {
  const block = BLOCKS[page]
  const texts = (locale: Locale) => [titleOf(locale), ...(block ? block[1](locale) : [])]
  return [texts(LOCALES[0]), texts(LOCALES[1]), block ? block[0] : 0, tab ? 1 : 0]
}

/** Every route of src/app.config.ts by its path without the leading slash (as location.pathname has it). */
export function firstFrameTable(): Record<string, FirstFrameRow> {
  return {
    // Home has no title of its own: the product's (PageFrame without titleKey).
    [HOME]: row(HOME, (locale) => navBarTitle(locale), true),
    [TAB_PAGES[1]]: row(TAB_PAGES[1], (locale) => navBarTitle(locale, 'page.mine'), true),
    ...Object.fromEntries(
      SUBPACKAGES.flatMap((group) =>
        group.pages.map((page) => [
          `${group.root}/${page}/${page}`,
          row(page, (locale) => navBarTitle(locale, pageTitleKey(page)), false),
        ]),
      ),
    ),
  }
}

/**
 * Mine's default avatar (src/assets/avatar/default-avatar.png, 2.5 kB) as a data URI: the frame's copy of it paints
 * with the frame, without a request that waits behind the bundles, so the page's own (the same picture, the same
 * size) is not a later, larger paint.
 */
export function defaultAvatarDataUri(): string {
  const png = readFileSync(join(__dirname, '../src/assets/avatar/default-avatar.png'))
  return `data:image/png;base64,${png.toString('base64')}`
}

export const INDEX_HTML = join(__dirname, '../src/index.html')
const TABLE =
  /(\/\/ <first-frames>[^\n]*\n\s*\/\/ prettier-ignore\n\s*var FRAMES = )(.*)(,\n\s*AVATAR = )('[^']*')(\n\s*\/\/ <\/first-frames>)/

/** The table and mine's avatar as index.html holds them (one line of JSON, one string). */
export function firstFramesInHtml(html: string): { table: unknown; avatar: string } {
  const match = TABLE.exec(html)
  if (!match) throw new Error('src/index.html has no // <first-frames> table')
  return { table: JSON.parse(match[2]), avatar: match[4].slice(1, -1) }
}

export function writeFirstFrames(): void {
  const html = readFileSync(INDEX_HTML, 'utf8')
  firstFramesInHtml(html)
  writeFileSync(
    INDEX_HTML,
    html.replace(
      TABLE,
      (_, head: string, _table: string, between: string, _avatar: string, tail: string) =>
        `${head}${JSON.stringify(firstFrameTable())}${between}'${defaultAvatarDataUri()}'${tail}`,
    ),
  )
}
