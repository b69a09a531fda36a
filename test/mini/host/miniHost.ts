import { appendFileSync, existsSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'
import vm from 'node:vm'
import type { CanvasRecord, TempFile } from './hostCanvas'
import { createMyApi } from './myApi'
import {
  chainsWithText,
  classes,
  findChains,
  nodeText,
  pageTexts,
  rootNodes,
  type DataNode,
  type NodeChain,
} from './pageTree'
import { OLDEST_CLIENT_SCRIPT, type ClientProfile } from './profiles'
import { applySetData } from './setDataPath'
import {
  readNodeTemplates,
  readTemplateLevels,
  walkTemplates,
  type MiniPlatform,
  type NodeTemplate,
  type TemplateLevels,
} from './templates'
import { createWxApi } from './wxApi'

export type { MiniPlatform } from './templates'

/**
 * What the app-service's module wrapper hands every file: the browser's globals are shadowed by `undefined`. Alipay's
 * app-service is a worker and keeps its `navigator` (Taro's Alipay runtime reads `navigator.userAgent` and
 * `navigator.swuserAgent`).
 */
const SHADOWED: Record<MiniPlatform, string[]> = {
  weapp: [
    'window',
    'document',
    'frames',
    'self',
    'location',
    'navigator',
    'localStorage',
    'history',
    'Caches',
    'screen',
    'alert',
    'confirm',
    'prompt',
    'XMLHttpRequest',
    'WebSocket',
    'Reporter',
    'webkit',
    'WeixinJSCore',
  ],
  alipay: [
    'window',
    'document',
    'frames',
    'self',
    'location',
    'localStorage',
    'history',
    'screen',
    'alert',
    'confirm',
    'prompt',
    'XMLHttpRequest',
    'WebSocket',
  ],
}

const ALIPAY_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ChannelId(0) Nebula AlipayDefined(nt:WIFI,ws:390|844|3.0) AliApp(AP/10.6.0) AlipayClient/10.6.0 Language/zh-Hans MiniProgram'

export interface MiniHostOptions {
  platform: MiniPlatform
  profile: ClientProfile
  /** The built app, dist/weapp or dist/alipay. */
  dist: string
  /** Where `wx.request` / `my.request` really go: every request's origin is replaced by this one. */
  apiOrigin: string
  /** Fills the storage before launch (a returning user). */
  storage?: Record<string, unknown>
}

export interface LaunchOptions {
  path?: string
  query?: Record<string, string>
  scene?: number
}

/** One `setData` the host applied: the figures WeChat's experience audit looks at. */
export interface SetDataRecord {
  route: string
  bytes: number
  at: number
}

/** One page lifecycle the host ran, and when (`performance.now()`, the clock of `SetDataRecord.at`). */
export interface LifecycleRecord {
  route: string
  lifecycle: string
  at: number
}

export interface RequestRecord {
  method: string
  url: string
  path: string
  status: number | 'failed'
  body: unknown
}

export interface HostCall {
  api: string
  args: unknown[]
}

export interface ModalRequest {
  title: string
  content: string
  showCancel: boolean
  confirmText: string
  cancelText: string
  answer: (confirm: boolean) => void
}

export interface ToastRecord {
  title: string
  icon: string
  duration: number
}

/** How the test answers the wallet: the host plays WeChat Pay / Alipay's cashier. */
export type WalletAnswer = 'success' | 'cancel' | 'fail'

/** What the user answers in the host's subscribe-message prompt, for every template it lists. */
export type SubscribeAnswer = 'accept' | 'reject'

type PageConfig = Record<string, unknown> & { data?: Record<string, unknown> }

/** A page instance as the host creates it from the `Page()` config. */
export interface PageInstance {
  route: string
  options: Record<string, string>
  data: Record<string, unknown>
  [method: string]: unknown
}

interface AppInstance {
  onLaunch?: (options: unknown) => void
  onShow?: (options: unknown) => void
  onHide?: () => void
  onError?: (message: string) => void
  [key: string]: unknown
}

/**
 * Waits for a condition, never for a fixed time: checks it until it holds (giving what it returned) or the deadline
 * passes. `pollMs` is only how often it looks (the page's setData, a request's answer land between two looks); a check
 * that calls the server (async) is worth a longer step. `what` may be a function, to say the last state seen.
 */
export async function waitFor<T>(
  what: string | (() => string),
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
  pollMs = 10,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'string' ? what : what()}`)
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
}

/**
 * The WeChat / Alipay app-service, as far as a Taro build can tell: one JavaScript context with no DOM, files loaded
 * through the vendor's module wrapper, `App` / `Page` / `Component` registration, the page stack, `setData` applied
 * to each page's data, events delivered to the templates' `eh` handlers, and the host API (`wx` or `my`) recording
 * every call. Requests go to the real reference server.
 */
export class MiniHost {
  readonly platform: MiniPlatform
  readonly profile: ClientProfile
  readonly dist: string
  readonly apiOrigin: string
  readonly context: vm.Context
  readonly templates: Map<string, NodeTemplate>
  /** WeChat's per-level templates (null on Alipay, whose templates recurse). */
  readonly templateLevels: TemplateLevels | null
  /**
   * Per page, the deepest level its data reached and the most `comp` instances it needed at once (WeChat): figures for
   * `baseLevel` (config/index.ts). With MINI_TEMPLATE_DEPTHS=<file>, dispose() appends them there as JSON lines.
   */
  readonly templateDepths = new Map<string, { depth: number; wrappers: number; used: Set<string> }>()
  readonly appJson: { pages: string[]; subPackages?: { root: string; pages: string[] }[]; entryPagePath?: string }
  /** Tab pages: WeChat's `tabBar.list`, Alipay's `tabBar.items`. */
  readonly tabRoutes: string[]

  readonly calls: HostCall[] = []
  readonly requests: RequestRecord[] = []
  readonly setDataLog: SetDataRecord[] = []
  readonly toasts: ToastRecord[] = []
  readonly modals: ModalRequest[] = []
  readonly errors: string[] = []
  /** Every page lifecycle the host ran, in order. */
  readonly lifecycleLog: LifecycleRecord[] = []
  /** Called right after each `setData` is applied and logged (a bench reads the page at that instant). */
  onSetData: ((record: SetDataRecord) => void) | null = null
  readonly storage = new Map<string, unknown>()
  readonly stack: PageInstance[] = []
  loading: string | null = null
  /** The next wallet answers, in order; 'success' when none is queued. */
  readonly walletAnswers: WalletAnswer[] = []
  /** The next subscribe prompts' answers, in order; 'reject' when none is queued (a user who ignores it). */
  readonly subscribeAnswers: SubscribeAnswer[] = []
  /**
   * True while a tap is being delivered: both hosts show the subscribe prompt only for a call made inside the tap's
   * handler (WeChat: "can only be invoked by user TAP gesture").
   */
  inTap = false
  /** The next `getUpdateManager` outcome ('none' = no update). */
  update: 'none' | 'ready' | 'failed' = 'none'
  updateApplied = false
  /** The phone number the host hands over when the user allows phone authorisation. */
  phoneNumber = '13900000000'
  /** The 2d canvases the app asked for, with what was drawn on them (hostCanvas.ts). */
  readonly canvases: CanvasRecord[] = []
  readonly canvasNodes = new WeakMap<object, CanvasRecord>()
  /** Exported canvases by their temporary path. */
  readonly tempFiles = new Map<string, TempFile>()
  /** The images saved to the phone's album, in order (their temporary paths). */
  readonly album: string[] = []
  /** The user's answer to "save to album": WeChat's scope.writePhotosAlbum, Alipay's album permission. */
  albumPermission: 'allow' | 'deny' = 'allow'
  /** What the user does on the settings page openSetting opens: turn the album permission on, or leave it. */
  settingGrantsAlbum = true

  private readonly modules = new Map<string, { exports: unknown }>()
  private readonly pageConfigs = new Map<string, PageConfig>()
  private readonly componentConfigs = new Map<string, Record<string, unknown>>()
  private readonly tabPages = new Map<string, PageInstance>()
  private readonly timers = new Set<NodeJS.Timeout>()
  private registering: string | null = null
  private app: AppInstance | null = null
  private disposed = false
  private readonly onRejection = (reason: unknown) => this.reportError(reason, 'unhandled rejection')
  readonly hostApi: Record<string, unknown>

  constructor(options: MiniHostOptions) {
    this.platform = options.platform
    this.profile = options.profile
    this.dist = options.dist
    this.apiOrigin = options.apiOrigin
    if (!existsSync(join(this.dist, 'app.js')))
      throw new Error(`${this.dist} has no app.js: build ${this.platform} first`)
    this.appJson = JSON.parse(readFileSync(join(this.dist, 'app.json'), 'utf8'))
    this.templates = readNodeTemplates(this.dist, this.platform)
    this.templateLevels = this.platform === 'weapp' ? readTemplateLevels(this.dist) : null
    const tabBar = (this.appJson as { tabBar?: { list?: { pagePath: string }[]; items?: { pagePath: string }[] } })
      .tabBar
    this.tabRoutes = (this.platform === 'weapp' ? tabBar?.list : tabBar?.items)?.map((tab) => tab.pagePath) ?? []
    for (const [key, value] of Object.entries(options.storage ?? {}))
      this.storage.set(key, JSON.parse(JSON.stringify(value)))

    this.hostApi = this.platform === 'weapp' ? createWxApi(this) : createMyApi(this)
    const globals: Record<string, unknown> = {
      console,
      setTimeout: (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) =>
        this.setTimer(false, fn, ms, args),
      setInterval: (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) =>
        this.setTimer(true, fn, ms, args),
      clearTimeout: (timer: NodeJS.Timeout) => this.clearTimer(timer),
      clearInterval: (timer: NodeJS.Timeout) => this.clearTimer(timer),
      App: (config: AppInstance) => this.registerApp(config),
      Page: (config: PageConfig) => this.registerPage(config),
      Component: (config: Record<string, unknown>) => this.registerComponent(config),
      Behavior: (config: unknown) => config,
      getApp: () => this.app,
      getCurrentPages: () => [...this.stack],
      [this.platform === 'weapp' ? 'wx' : 'my']: this.hostApi,
    }
    if (this.platform === 'weapp')
      globals.__wxConfig = { envVersion: 'release', platform: 'ios', pages: this.appJson.pages }
    else
      globals.navigator = {
        userAgent: ALIPAY_USER_AGENT,
        swuserAgent: ALIPAY_USER_AGENT,
        language: 'zh-CN',
        platform: 'iPhone',
      }
    // WeChat and Alipay refuse eval and new Function in the app-service.
    this.context = vm.createContext(globals, {
      name: `${this.platform}-${this.profile}`,
      codeGeneration: { strings: false, wasm: false },
    })
    if (this.profile === 'oldest') vm.runInContext(OLDEST_CLIENT_SCRIPT, this.context)
    process.on('unhandledRejection', this.onRejection)
  }

  // ——— the context's realm ———

  /** A JSON value re-made inside the context: the app sees its own realm's arrays and objects (and their gaps). */
  toContext<T>(value: T): T {
    if (value === undefined) return value
    return (vm.runInContext('JSON', this.context) as JSON).parse(JSON.stringify(value)) as T
  }

  /** Calls app code the way the host does: an exception is reported (App.onError), not thrown at the host. */
  invoke<T>(what: string, fn: () => T): T | undefined {
    try {
      return fn()
    } catch (error) {
      this.reportError(error, what)
      return undefined
    }
  }

  reportError(error: unknown, where: string): void {
    if (this.disposed) return
    const message =
      error instanceof Error || (error && typeof error === 'object' && 'stack' in error)
        ? String((error as Error).stack ?? (error as Error).message)
        : String(error)
    this.errors.push(`${where}: ${message}`)
    const onError = this.app?.onError
    if (typeof onError === 'function') {
      try {
        onError.call(this.app, message)
      } catch {
        // The host ignores a failing onError.
      }
    }
  }

  private setTimer(
    repeat: boolean,
    fn: (...a: unknown[]) => void,
    ms: number | undefined,
    args: unknown[],
  ): NodeJS.Timeout {
    const run = () => {
      if (!repeat) this.timers.delete(timer)
      if (!this.disposed) this.invoke('timer', () => fn(...args))
    }
    const timer = repeat ? setInterval(run, ms ?? 0) : setTimeout(run, ms ?? 0)
    this.timers.add(timer)
    return timer
  }

  private clearTimer(timer: NodeJS.Timeout): void {
    clearTimeout(timer)
    this.timers.delete(timer)
  }

  /** Runs a host callback (success/fail) on a later turn, as the hosts answer asynchronously. */
  later(fn: () => void, ms = 0): void {
    this.setTimer(false, fn, ms, [])
  }

  // ——— modules ———

  require(path: string, from = ''): unknown {
    let file = normalize(join(dirname(from || 'app.js'), path))
    if (!file.endsWith('.js')) file += '.js'
    // Both hosts: a subpackage's script may require its own package's files and the main package's, never another
    // subpackage's (WeChat 分包 "引用原则"; Alipay likewise), which only the package layout decides.
    const fromPackage = from ? this.packageOf(from) : null
    const filePackage = this.packageOf(file)
    if (fromPackage && filePackage && filePackage !== fromPackage) {
      throw new Error(`module "${file}" is in subpackage ${filePackage}, required from ${from} in ${fromPackage}`)
    }
    const cached = this.modules.get(file)
    if (cached) return cached.exports
    const absolute = join(this.dist, file)
    if (!existsSync(absolute)) throw new Error(`module "${file}" is not defined (required from ${from || 'the host'})`)
    const module = vm.runInContext('({ exports: {} })', this.context) as { exports: unknown }
    this.modules.set(file, module)
    const source = readFileSync(absolute, 'utf8')
    const factory = new vm.Script(
      `(function (require, module, exports, ${SHADOWED[this.platform].join(', ')}) {${source}\n})`,
      { filename: absolute },
    ).runInContext(this.context) as (...args: unknown[]) => void
    factory.call(undefined, (next: string) => this.require(next, file), module, module.exports)
    return module.exports
  }

  /** The root of the subpackage a file lies in, or null for the main package. */
  private packageOf(file: string): string | null {
    return this.appJson.subPackages?.find((pkg) => file.startsWith(`${pkg.root.replace(/\/$/, '')}/`))?.root ?? null
  }

  private registerApp(config: AppInstance): void {
    if (this.app) throw new Error('App() called twice')
    this.app = config
  }

  private registerPage(config: PageConfig): void {
    if (!this.registering) throw new Error('Page() called outside a page file')
    this.pageConfigs.set(this.registering, config)
  }

  private registerComponent(config: Record<string, unknown>): void {
    this.componentConfigs.set(this.registering ?? 'unknown', config)
  }

  // ——— launch and pages ———

  /** Loads the app as the host does (app.js, then the entry page) and runs App.onLaunch / onShow. */
  async launch(options: LaunchOptions = {}): Promise<PageInstance> {
    const path = options.path ?? this.appJson.entryPagePath ?? this.appJson.pages[0]
    const query = options.query ?? {}
    const launchOptions = this.toContext({ path, query, scene: options.scene ?? 1001, referrerInfo: {} })
    this.invoke('app.js', () => this.require('app.js'))
    if (!this.app) throw new Error(`app.js did not register an App (${this.errors.join('\n') || 'no error reported'})`)
    const app = this.app
    this.invoke('App.onLaunch', () => app.onLaunch?.call(app, launchOptions))
    this.invoke('App.onShow', () => app.onShow?.call(app, launchOptions))
    return this.openPage(path, query, 'launch')
  }

  get currentPage(): PageInstance {
    const page = this.stack[this.stack.length - 1]
    if (!page) throw new Error('no page is open')
    return page
  }

  isTabPage(route: string): boolean {
    return this.tabRoutes.includes(route)
  }

  private pageConfig(route: string): PageConfig {
    const existing = this.pageConfigs.get(route)
    if (existing) return existing
    const known =
      this.appJson.pages.includes(route) ||
      this.appJson.subPackages?.some((pkg) => pkg.pages.some((page) => `${pkg.root}/${page}` === route))
    if (!known) throw new Error(`page "${route}" is not in app.json`)
    this.registering = route
    try {
      this.require(`${route}.js`)
    } finally {
      this.registering = null
    }
    const config = this.pageConfigs.get(route)
    if (!config) throw new Error(`${route}.js did not register a Page`)
    return config
  }

  private createPage(route: string, query: Record<string, string>): PageInstance {
    const config = this.pageConfig(route)
    const page = {
      route,
      __route__: route,
      options: query,
      data: JSON.parse(JSON.stringify(config.data ?? {})),
    } as PageInstance
    for (const [key, value] of Object.entries(config)) {
      if (key === 'data') continue
      page[key] = typeof value === 'function' ? value : JSON.parse(JSON.stringify(value ?? null))
    }
    page.setData = (patch: Record<string, unknown>, callback?: () => void) => {
      if (!this.stack.includes(page) && !this.tabPages.has(route)) return
      const bytes = applySetData(page.data, patch)
      const record = { route, bytes, at: performance.now() }
      if (this.templateLevels) this.checkTemplates(route, page.data)
      this.setDataLog.push(record)
      this.onSetData?.(record)
      if (callback) this.later(() => callback.call(page))
    }
    if (this.platform === 'alipay') {
      page.$viewId = String(this.stack.length + 1)
      page.$spliceData = () => undefined
    } else {
      page.getPageId = () => `page-${route}`
      page.selectComponent = () => null
      page.selectAllComponents = () => []
      page.getTabBar = () => null
    }
    page.createSelectorQuery = () => (this.hostApi.createSelectorQuery as () => unknown)()
    return page
  }

  private lifecycle(page: PageInstance, name: string, ...args: unknown[]): void {
    const fn = page[name]
    this.lifecycleLog.push({ route: page.route, lifecycle: name, at: performance.now() })
    if (typeof fn === 'function') this.invoke(`${page.route} ${name}`, () => fn.apply(page, args))
  }

  private show(page: PageInstance): void {
    this.lifecycle(page, 'onShow')
  }

  private unload(page: PageInstance): void {
    if (this.isTabPage(page.route)) return this.lifecycle(page, 'onHide')
    this.lifecycle(page, 'onUnload')
  }

  /** Opens a page the way each navigation API does (stack rules of the hosts). */
  openPage(
    route: string,
    query: Record<string, string>,
    how: 'launch' | 'navigateTo' | 'redirectTo' | 'switchTab' | 'reLaunch',
  ): PageInstance {
    const top = this.stack[this.stack.length - 1]
    if (how === 'navigateTo') {
      if (this.isTabPage(route)) throw new Error(`navigateTo:fail can not navigateTo a tabbar page (${route})`)
      if (this.stack.length >= 10) throw new Error('navigateTo:fail webview count limit exceed')
      if (top) this.lifecycle(top, 'onHide')
    } else if (how === 'redirectTo') {
      if (this.isTabPage(route)) throw new Error(`redirectTo:fail can not redirectTo a tabbar page (${route})`)
      if (top) {
        this.stack.pop()
        this.unload(top)
      }
    } else if (how === 'switchTab' || how === 'reLaunch') {
      if (how === 'switchTab' && !this.isTabPage(route))
        throw new Error(`switchTab:fail can not switch to no-tabBar page (${route})`)
      while (this.stack.length) {
        const page = this.stack.pop() as PageInstance
        if (how === 'reLaunch' && this.isTabPage(page.route)) {
          this.lifecycle(page, 'onUnload')
          this.tabPages.delete(page.route)
        } else this.unload(page)
      }
      if (how === 'reLaunch') {
        for (const [tab, page] of this.tabPages) {
          this.lifecycle(page, 'onUnload')
          this.tabPages.delete(tab)
        }
      }
      const kept = how === 'switchTab' ? this.tabPages.get(route) : undefined
      if (kept) {
        this.stack.push(kept)
        this.show(kept)
        return kept
      }
    }
    const page = this.createPage(route, query)
    this.stack.push(page)
    if (this.isTabPage(route)) this.tabPages.set(route, page)
    this.lifecycle(page, 'onLoad', this.toContext(query))
    this.show(page)
    this.later(() => this.lifecycle(page, 'onReady'))
    return page
  }

  navigateBack(delta = 1): void {
    if (this.stack.length <= 1) throw new Error('navigateBack:fail cannot navigate back at first page.')
    const count = Math.min(delta, this.stack.length - 1)
    for (let i = 0; i < count; i++) this.unload(this.stack.pop() as PageInstance)
    this.show(this.currentPage)
  }

  /** `/subpackages/order/order/order?orderNo=1` → route and query, as the navigation APIs read their url. */
  parseUrl(url: string): { route: string; query: Record<string, string> } {
    const [path, search = ''] = url.split('?')
    const from = this.stack.length ? dirname(this.currentPage.route) : ''
    const route = path.startsWith('/') ? path.slice(1) : relative('.', join(from, path))
    const query: Record<string, string> = {}
    for (const part of search.split('&').filter(Boolean)) {
      const [key, value = ''] = part.split('=')
      query[decodeURIComponent(key)] = decodeURIComponent(value)
    }
    return { route: route.replace(/\.js$/, ''), query }
  }

  // ——— reading and driving the current page ———

  texts(page: PageInstance = this.currentPage): string[] {
    return pageTexts(page.data)
  }

  text(page: PageInstance = this.currentPage): string {
    return this.texts(page).join(' ')
  }

  /** Waits until the current page shows `text` (and returns the page). */
  async waitForText(text: string | RegExp, timeoutMs = 10_000): Promise<PageInstance> {
    return waitFor(
      `"${text}" on ${this.stack.length ? this.currentPage.route : 'no page'} (shows: ${this.stack.length ? this.text().slice(0, 400) : ''}; errors: ${this.errors.join(' | ').slice(0, 600)})`,
      () =>
        this.stack.length && chainsWithText(this.currentPage.data, text).length > 0 ? this.currentPage : undefined,
      timeoutMs,
    )
  }

  async waitForRoute(route: string, timeoutMs = 10_000): Promise<PageInstance> {
    return waitFor(
      `route ${route} (at ${this.stack.map((p) => p.route).join(' > ')}; errors: ${this.errors.join(' | ').slice(0, 600)})`,
      () => (this.stack.length && this.currentPage.route === route ? this.currentPage : undefined),
      timeoutMs,
    )
  }

  /** The text node chain for `text` on the current page; fails when the page does not show it. */
  chainOf(text: string | RegExp): NodeChain {
    const chains = chainsWithText(this.currentPage.data, text)
    if (!chains.length) throw new Error(`"${text}" is not on ${this.currentPage.route}: ${this.text().slice(0, 500)}`)
    return chains[chains.length - 1]
  }

  chainsByClass(className: string): NodeChain[] {
    return findChains(this.currentPage.data, (node) => classes(node).includes(className))
  }

  /**
   * Delivers an event as the host does: from the touched node outwards, to every node whose template binds the
   * event type, `currentTarget` changing on the way, until one catches it.
   */
  dispatch(chain: NodeChain, type: string, detail: Record<string, unknown> = {}): void {
    this.inTap = type === 'tap'
    try {
      this.deliver(chain, type, detail)
    } finally {
      this.inTap = false
    }
  }

  private deliver(chain: NodeChain, type: string, detail: Record<string, unknown>): void {
    const page = this.currentPage
    const target = chain[chain.length - 1]
    const targetInfo = {
      id: target.uid ?? target.sid,
      dataset: { sid: target.sid },
      targetDataset: { sid: target.sid },
    }
    let delivered = 0
    for (let i = chain.length - 1; i >= 0; i--) {
      const node = chain[i]
      const binding = node.nn ? this.templates.get(node.nn)?.events.get(type.toLowerCase()) : undefined
      if (!binding) continue
      delivered++
      const event = this.toContext({
        type,
        timeStamp: Math.round(performance.now()),
        target: targetInfo,
        currentTarget: { id: node.uid ?? node.sid, dataset: { sid: node.sid } },
        detail,
        touches: [],
        changedTouches: [],
      })
      this.invoke(`${page.route} ${type} event`, () => (page.eh as (e: unknown) => void).call(page, event))
      if (binding === 'catch') break
    }
    if (!delivered)
      throw new Error(`no node around "${nodeText(target).slice(0, 60)}" listens to ${type} on ${page.route}`)
  }

  /**
   * Waits until the page has drawn what the last event caused: no setData for `quietMs`. A quiet period is the
   * condition itself here, not a stand-in for one: the app-service has no "done drawing" signal (an event may set data
   * once, or again after a store update or a cached query; a request's answer is awaited by the checks with `waitFor`),
   * so "nothing more to draw" can only be told as setData having stopped. It paces the next event as a person does (the
   * next tap comes at the earliest a frame later, after the host drew the first one); what a check asserts it still
   * waits for by name.
   */
  async idle(quietMs = 60, timeoutMs = 5_000): Promise<void> {
    let count = -1
    let since = Date.now()
    await waitFor(
      'the page to settle',
      () => {
        if (this.setDataLog.length !== count) {
          count = this.setDataLog.length
          since = Date.now()
        }
        return Date.now() - since >= quietMs
      },
      timeoutMs,
    )
  }

  /** Taps the element that shows `text` (or the given chain), then waits for the page to draw the result. */
  async tap(what: string | RegExp | NodeChain): Promise<void> {
    const chain = Array.isArray(what) ? what : this.chainOf(what)
    this.dispatch(chain, 'tap', { x: 1, y: 1 })
    await this.idle()
  }

  /** The input elements of the current page, in document order. */
  inputs(): NodeChain[] {
    return findChains(this.currentPage.data, (node) =>
      Boolean(node.nn && ['input', 'textarea'].includes(this.templates.get(node.nn)?.tag ?? '')),
    )
  }

  /** Types into an input as the keyboard does: one `input` event with the whole value. */
  async type(input: NodeChain, value: string): Promise<void> {
    this.dispatch(input, 'input', { value, cursor: value.length, keyCode: 0 })
    await this.idle()
  }

  nodeTemplate(node: DataNode): NodeTemplate | undefined {
    return node.nn ? this.templates.get(node.nn) : undefined
  }

  /** The newest modal the app opened and has not been answered. */
  async waitForModal(timeoutMs = 10_000): Promise<ModalRequest> {
    return waitFor('a modal', () => this.modals.find((modal) => !(modal as { answered?: boolean }).answered), timeoutMs)
  }

  /** A node drawn with a template base.wxml lacks is an error: WeChat would draw nothing there, silently. */
  private checkTemplates(route: string, data: Record<string, unknown>): void {
    const walk = walkTemplates(this.templateLevels as TemplateLevels, rootNodes(data))
    for (const missing of walk.missing) this.reportError(`no template ${missing}`, `${route} render`)
    const seen = this.templateDepths.get(route) ?? { depth: 0, wrappers: 0, used: new Set() }
    this.templateDepths.set(route, {
      depth: Math.max(seen.depth, walk.depth),
      wrappers: Math.max(seen.wrappers, walk.wrappers),
      used: new Set([...seen.used, ...walk.used]),
    })
  }

  /** Stops every timer and detaches the host; nothing of the app runs afterwards. */
  dispose(): void {
    if (process.env.MINI_TEMPLATE_DEPTHS && !this.disposed)
      for (const [route, { used, ...figures }] of this.templateDepths)
        appendFileSync(process.env.MINI_TEMPLATE_DEPTHS, `${JSON.stringify({ route, ...figures, used: [...used] })}\n`)
    this.disposed = true
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    process.off('unhandledRejection', this.onRejection)
  }
}
