/** @jest-environment node */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import HtmlWebpackPlugin from 'html-webpack-plugin'
import MiniCssExtractPlugin from 'mini-css-extract-plugin'
import webpack from 'webpack'
import { H5FirstLoadPlugin } from '../../config/h5FirstLoad'
import { PrecompressAssetsPlugin } from '../../config/precompressAssets'

// A miniature H5 app shaped like Taro's: an entry with a stylesheet, pages behind `import('./pages/…')`.
const SOURCES: Record<string, string> = {
  'app.js': `import './app.css'
const routes = { '': () => import('./pages/home/index'), 'subpackages/order/order/order': () => import('./subpackages/order/order/order') }
routes[location.pathname.slice(1)]?.()`,
  'app.css': 'body { background: #f5f6f8 }',
  'pages/home/index.js': `import { shared } from '../../shared'; import './index.css'; export default 'home ${'x'.repeat(4000)}' + shared`,
  'pages/home/index.css': '.home { color: red }',
  'subpackages/order/order/order.js': `import { shared } from '../../../shared'; export default 'order page' + shared`,
  'shared.js': `export const shared = '${'shared '.repeat(500)}'`,
  'index.html': '<!doctype html><html><head><title>t</title></head><body><div id="app"></div></body></html>',
}

let dir: string
let out: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'life-pay-h5-plugins-'))
  out = join(dir, 'dist')
  for (const [file, text] of Object.entries(SOURCES)) {
    mkdirSync(join(dir, 'src', file, '..'), { recursive: true })
    writeFileSync(join(dir, 'src', file), text)
  }
  const compiler = compilerFor(out)
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) =>
      error || stats?.hasErrors() ? reject(error ?? new Error(stats?.toString())) : resolve(),
    ),
  )
}, 60_000)

function compilerFor(output: string) {
  return webpack({
    mode: 'production',
    context: join(dir, 'src'),
    entry: { app: './app.js' },
    output: {
      path: output,
      publicPath: '/',
      filename: 'js/[name].[contenthash:8].js',
      chunkFilename: 'js/[name].[contenthash:8].js',
    },
    module: { rules: [{ test: /\.css$/, use: [MiniCssExtractPlugin.loader, require.resolve('css-loader')] }] },
    optimization: { splitChunks: { chunks: 'all', minSize: 0 } },
    plugins: [
      new MiniCssExtractPlugin({
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css',
      }),
      new HtmlWebpackPlugin({ template: join(dir, 'src', 'index.html'), scriptLoading: 'defer' }),
      new H5FirstLoadPlugin({ entryPage: 'pages/home/index' }),
      new PrecompressAssetsPlugin(),
    ],
  })
}

afterAll(() => rmSync(dir, { recursive: true, force: true }))

const files = (sub: string) => readdirSync(join(out, sub)).map((name) => `${sub}/${name}`)

describe('PrecompressAssetsPlugin', () => {
  test('every text asset of 1 KiB or more gets .br and .gz siblings with the same content', () => {
    const scripts = files('js').filter((name) => name.endsWith('.js'))
    const large = scripts.filter((name) => readFileSync(join(out, name)).length >= 1024)
    expect(large.length).toBeGreaterThan(0)
    for (const name of [...large, 'index.html'].filter((n) => readFileSync(join(out, n)).length >= 1024)) {
      const original = readFileSync(join(out, name))
      expect(brotliDecompressSync(readFileSync(join(out, `${name}.br`)))).toEqual(original)
      expect(gunzipSync(readFileSync(join(out, `${name}.gz`)))).toEqual(original)
    }
  })

  test('a watch build (the dev server) writes none', async () => {
    const watched = join(dir, 'watched')
    await new Promise<void>((resolve, reject) => {
      const watching = compilerFor(watched).watch({}, (error) =>
        watching.close(() => (error ? reject(error) : resolve())),
      )
    })
    const written = [...readdirSync(join(watched, 'js')), ...readdirSync(watched)]
    expect(written.some((name) => name.endsWith('.js'))).toBe(true)
    expect(written.filter((name) => /\.(br|gz)$/.test(name))).toEqual([])
  }, 60_000)

  test('files under 1 KiB are left alone', () => {
    const small = [...files('js'), ...files('css')].filter(
      (name) => /\.(js|css)$/.test(name) && readFileSync(join(out, name)).length < 1024,
    )
    expect(small.length).toBeGreaterThan(0)
    for (const name of small) {
      expect(files(name.split('/')[0])).not.toContain(`${name}.br`)
      expect(files(name.split('/')[0])).not.toContain(`${name}.gz`)
    }
  })
})

describe('H5FirstLoadPlugin', () => {
  const html = () => readFileSync(join(out, 'index.html'), 'utf8')

  type Preload = { rel: string; as: string; href: string }

  /**
   * Runs index.html's inline scripts as a browser would once it has parsed the page at `pathname` (`frame`: whether
   * index.html drew a first frame there), with the given paint-timing support; returns the preloads added and the
   * scripts started so far, and the events to drive.
   */
  function bootPage({
    pathname = '/',
    frame = true,
    paintTiming = 'observer',
  }: { pathname?: string; frame?: boolean; paintTiming?: 'observer' | 'none' | 'old-observer' } = {}) {
    const preloads: Preload[] = []
    const started: string[] = []
    const timers: { ms: number; run: () => void }[] = []
    const frames: (() => void)[] = []
    let reportPaint: ((names: string[]) => void) | undefined
    const shell = [...html().matchAll(/<link\b[^>]*\bdata-lp-shell\b[^>]*>/g)].map(
      ([tag]) => /\bhref="([^"]+)"/.exec(tag)![1],
    )
    const document = {
      readyState: 'interactive',
      addEventListener: () => {},
      querySelector: (selector: string) => (selector === '.lp-first-frame' && frame ? {} : null),
      querySelectorAll: (selector: string) =>
        selector === 'link[data-lp-shell]' ? shell.map((href) => ({ getAttribute: () => href })) : [],
      createElement: (tag: string) =>
        tag === 'script' ? { tag, src: '', async: true } : { tag, rel: '', as: '', href: '' },
      head: {
        appendChild: (element: { tag: string; src?: string; async?: boolean } & Partial<Preload>) => {
          if (element.tag === 'script') started.push(`${element.src}${element.async ? ' (async)' : ''}`)
          else preloads.push({ rel: element.rel!, as: element.as!, href: element.href! })
        },
      },
    }
    class Observer {
      static supportedEntryTypes = ['paint', 'navigation']
      constructor(private readonly callback: (list: unknown, observer: unknown) => void) {}
      observe(options: { type?: string; buffered?: boolean }) {
        if (paintTiming === 'old-observer') throw new TypeError('entryTypes required')
        expect(options).toEqual({ type: 'paint', buffered: true })
        let connected = true
        reportPaint = (names) =>
          connected &&
          this.callback(
            { getEntriesByName: (name: string) => names.filter((entry) => entry === name) },
            { disconnect: () => (connected = false) },
          )
      }
    }
    const window = {
      PerformanceObserver: paintTiming === 'none' ? undefined : Observer,
      requestAnimationFrame: (callback: () => void) => frames.push(callback),
    }
    const setTimeout = (run: () => void, ms: number) => timers.push({ run, ms })
    for (const [, script] of html().matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      new Function('location', 'document', 'window', 'setTimeout', script)({ pathname }, document, window, setTimeout)
    }
    return { preloads, started, shell, timers, frames, paint: (names: string[]) => reportPaint!(names) }
  }

  /** The preloads index.html adds at `pathname` by the time the app has started. */
  const preloadsAt = (pathname: string) => bootPage({ pathname, frame: false }).preloads

  test('the app stylesheet is inlined, not a render-blocking request', () => {
    expect(html()).not.toMatch(/<link[^>]+rel="stylesheet"/)
    expect(html()).toMatch(/<style>body ?\{ ?background: ?#f5f6f8 ?\}/)
  })

  test('at / and at the entry page the home chunks (script and style) are preloaded', () => {
    for (const pathname of ['/', '/pages/home/index', '/pages/home/index/']) {
      const preloads = preloadsAt(pathname)
      const hrefs = preloads.map((link) => link.href)
      expect(preloads.every((link) => link.rel === 'preload')).toBe(true)
      expect(preloads.find((link) => link.href.endsWith('.css'))?.as).toBe('style')
      expect(preloads.filter((link) => link.href.endsWith('.js')).every((link) => link.as === 'script')).toBe(true)
      // The page's own chunk and the one it shares with the order page.
      const homeSource = hrefs
        .filter((href) => href.endsWith('.js'))
        .map((href) => readFileSync(join(out, href.slice(1)), 'utf8'))
      expect(homeSource.some((source) => source.includes('home xxx'))).toBe(true)
      expect(homeSource.some((source) => source.includes('shared shared'))).toBe(true)
    }
  })

  test('a deep link preloads its own page, not home; an unknown path preloads nothing', () => {
    const order = preloadsAt('/subpackages/order/order/order').map((link) =>
      readFileSync(join(out, link.href.slice(1)), 'utf8'),
    )
    expect(order.some((source) => source.includes('order page'))).toBe(true)
    expect(order.some((source) => source.includes('shared shared'))).toBe(true)
    expect(order.some((source) => source.includes('home xxx'))).toBe(false)
    expect(preloadsAt('/no/such/page')).toEqual([])
  })

  test("the shell's scripts are preloaded, not run, while index.html is parsed", () => {
    expect(html()).not.toMatch(/<script[^>]+\bsrc=/)
    const page = bootPage({ frame: true, paintTiming: 'observer' })
    expect(page.shell.length).toBeGreaterThan(0)
    expect(page.shell.some((href) => /^\/js\/app\.[0-9a-f]{8}\.js$/.test(href))).toBe(true)
    for (const href of page.shell)
      expect(html()).toMatch(new RegExp(`<link[^>]*rel="preload"[^>]*as="script"[^>]*href="${href}"`))
  })

  test('with a first frame they start, in order, once the first contentful paint is reported, and once', () => {
    const page = bootPage({ frame: true, paintTiming: 'observer' })
    expect(page.started).toEqual([])
    // The page's scripts are preloaded at once, its stylesheet only with the shell's start (the frame needs none).
    expect(page.preloads.some((link) => link.as === 'script')).toBe(true)
    expect(page.preloads.filter((link) => link.as === 'style')).toEqual([])
    page.paint(['first-paint'])
    expect(page.started).toEqual([])
    page.paint(['first-paint', 'first-contentful-paint'])
    expect(page.started).toEqual(page.shell)
    expect(page.preloads.filter((link) => link.as === 'style')).toHaveLength(1)
    page.paint(['first-contentful-paint'])
    for (const timer of page.timers) timer.run()
    expect(page.started).toEqual(page.shell)
  })

  test('without paint timing they start after the next frame; in any case within a second', () => {
    for (const paintTiming of ['none', 'old-observer'] as const) {
      const page = bootPage({ frame: true, paintTiming })
      expect(page.started).toEqual([])
      expect(page.frames).toHaveLength(1)
      page.frames[0]()
      expect(page.started).toEqual([])
      page.timers.filter((timer) => timer.ms === 0).forEach((timer) => timer.run())
      expect(page.started).toEqual(page.shell)
    }
    // A tab opened in the background paints nothing until shown: the second's timer starts them.
    const hidden = bootPage({ frame: true, paintTiming: 'observer' })
    hidden.timers.filter((timer) => timer.ms === 1000).forEach((timer) => timer.run())
    expect(hidden.started).toEqual(hidden.shell)
  })

  test('with no first frame (an address the app does not know) they start at once', () => {
    const page = bootPage({ frame: false, paintTiming: 'observer' })
    expect(page.started).toEqual(page.shell)
  })
})
