import type { MiniPlatform } from '../../test/mini/host/miniHost'

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
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined]
    const value = () => {
      const next = inline ?? argv[++i]
      if (next === undefined || next.startsWith('--')) throw new Error(`${flag} needs a value\n${USAGE}`)
      return next
    }
    const list = () => value().split(',').map((item) => item.trim()).filter(Boolean)
    const whole = (name: string) => {
      const number = Number(value())
      if (!Number.isInteger(number) || number < 1) throw new Error(`${name} must be a positive whole number\n${USAGE}`)
      return number
    }
    switch (flag) {
      case '--runs':
        options.runs = whole('--runs')
        break
      case '--platforms': {
        const wanted = list()
        const unknown = wanted.filter((platform) => !PLATFORMS.includes(platform as MiniPlatform))
        if (unknown.length || !wanted.length) throw new Error(`unknown platform ${unknown.join(', ') || '(none)'}\n${USAGE}`)
        options.platforms = PLATFORMS.filter((platform) => wanted.includes(platform))
        break
      }
      case '--pages':
        options.pages.push(...list())
        break
      case '--timeout':
        options.timeoutMs = whole('--timeout')
        break
      default:
        throw new Error(`unknown option ${arg}\n${USAGE}`)
    }
  }
  return options
}
