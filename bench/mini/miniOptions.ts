import type { MiniPlatform } from '../../test/mini/host/miniHost'
import { readFlags } from '../cliFlags'

export interface MiniOptions {
  runs: number
  platforms: MiniPlatform[]
  /** Page names (the route's last segment); all route checks when empty. */
  pages: string[]
  /** How long a page may take to become data-complete before the bench fails. */
  timeoutMs: number
}

const PLATFORMS: MiniPlatform[] = ['weapp', 'alipay']

export const USAGE = `usage: npm run bench:mini -- [--runs N] [--platforms weapp,alipay] [--pages home,order,…] [--timeout MS]
  --runs       openings of each page per build (default 3; the medians are printed)
  --platforms  builds to measure (default weapp,alipay; MINI_DIST=DIR reads DIR/weapp and DIR/alipay instead of dist/)
  --pages      route checks of these pages only: home, mine or a SPEC page name (e.g. orderApplyRefund); default all
  --timeout    ms a page may take to become data-complete before the bench fails with the host's report (default 20000)`

/** Reads bench:mini's command line; with no option, every route check in both builds, three runs each. */
export function parseMiniOptions(argv: string[]): MiniOptions {
  const options: MiniOptions = { runs: 3, platforms: PLATFORMS, pages: [], timeoutMs: 20_000 }
  readFlags(argv, USAGE, (flag) => {
    switch (flag.name) {
      case '--runs':
        options.runs = flag.positiveWholeNumber()
        break
      case '--platforms': {
        const wanted = flag.list()
        const unknown = wanted.filter((platform) => !PLATFORMS.includes(platform as MiniPlatform))
        if (unknown.length || !wanted.length)
          throw new Error(`unknown platform ${unknown.join(', ') || '(none)'}\n${USAGE}`)
        options.platforms = PLATFORMS.filter((platform) => wanted.includes(platform))
        break
      }
      case '--pages':
        options.pages.push(...flag.list())
        break
      case '--timeout':
        options.timeoutMs = flag.positiveWholeNumber()
        break
      default:
        throw new Error(`unknown option ${flag.arg}\n${USAGE}`)
    }
  })
  return options
}
