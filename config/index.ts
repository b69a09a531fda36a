import { resolve } from 'node:path'
import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import { NormalModuleReplacementPlugin } from 'webpack'
import type Chain from 'webpack-chain'
import devConfig from './dev'
import { provideFloorGlobals } from './floorGlobals'
import { H5FirstLoadPlugin } from './h5FirstLoad'
import { H5StagedBootPlugin } from './h5StagedBoot'
import { MergeSubCommonPlugin } from './mergeSubCommon'
import { PrecompressAssetsPlugin } from './precompressAssets'
import prodConfig from './prod'
import testConfig from './test'
import { checkOperatorSettings } from './operatorSettings'
import { checkPatchedModules } from './patchedModules'

const platform = process.env.TARO_ENV || 'h5'
// The benchmarks' floor (bench/floor/floorApp.ts): an empty Taro app built with this same config, into dist/floor.
const floorApp = process.env.LIFEPAY_FLOOR_APP === '1'
const outputRoot = floorApp ? `dist/floor/${platform}` : `dist/${platform}`

// react-query v5 ships class private fields (#x): left as they are, H5 minification quotes them into a syntax
// error (a blank page) and older mini-program engines can't parse them, so babel transpiles these packages too;
// axios and zustand ship object spread, which iOS 11.0–11.2 can't parse, and @tarojs/router's query-string (with its
// helpers) ships `catch {}` (ES2019): `npm run syntax:check` guards the ES2017 floor.
// axios's own xhr/fetch/http adapters are never used (our Taro adapter is): its adapters.js becomes one that knows
// only the adapter function we pass (config/axiosAdaptersLoader.js, which fails the build if axios's file changes
// shape).
function onlyOurAxiosAdapter(chain: Pick<Chain, 'module'>) {
  chain.module
    .rule('onlyOurAxiosAdapter')
    .test(/axios[\\/]lib[\\/]adapters[\\/]adapters\.js$/)
    .enforce('pre')
    .use('onlyOurAxiosAdapter')
    .loader(resolve(__dirname, 'axiosAdaptersLoader.js'))
}

// Taro's mini-program default turns off most of terser's compressions (a create-react-app-era list for old
// minifier bugs) and escapes every Chinese character as \uXXXX (6 bytes instead of UTF-8's 3). Terser's own
// defaults are what webpack ships for every production build; the output targets the same engines as babel. Three
// unsafe-named options on top (−5.7 KiB of the weapp main package, issue 21): property reads have no side effects
// (no module reads a getter for its effect), anonymous `function` expressions that use no `this`/`arguments` become
// arrows and object-literal functions become methods (nothing constructs either with `new`); all three are ES2015,
// under our floor.
const miniTerserOptions = {
  compress: {
    ecma: 2017,
    arrows: true,
    collapse_vars: true,
    comparisons: true,
    computed_props: true,
    hoist_props: true,
    inline: true,
    loops: true,
    negate_iife: true,
    properties: true,
    reduce_funcs: true,
    reduce_vars: true,
    switches: true,
    typeofs: true,
    passes: 2,
    pure_getters: true,
    unsafe_arrows: true,
    unsafe_methods: true,
  },
  output: { ecma: 2017, ascii_only: false },
}

function dropTaroHtmlParser(chain: { plugin: (name: string) => { use: (plugin: unknown, args: unknown[]) => void } }) {
  chain
    .plugin('dropTaroHtmlParser')
    .use(NormalModuleReplacementPlugin, [
      /@tarojs[\\/]runtime[\\/]dist[\\/]dom-external[\\/]inner-html[\\/]html\.js$/,
      resolve(__dirname, 'taroInnerHtmlStub.js'),
    ])
}

// Every ES import of a name its module does not export fails the build (webpack's default only warns): the stubs
// below stand in for modules of Taro and axios, so a new version importing something a stub lacks stops here rather
// than shipping `undefined` (docs/upgrading.md). webpack-chain 6 has no `module.parser`
// helper; the entry goes into the config as it is.
function failOnMissingExports(chain: { module: { set: (key: string, value: unknown) => unknown } }) {
  chain.module.set('parser', { javascript: { exportsPresence: 'error' } })
}

// WeChat templates cannot recurse, so Taro's base.wxml repeats a nestable component's template once per level of
// nesting. Most go down the tree (level = depth), but scroll-view and static-text (a Text with no handler) count only
// their own kind: tmpl_<n>_<scroll-view> draws a scroll-view inside n scroll-views, and Taro writes 4 such levels of
// its 2.3 KiB template (and 6 of static-text's). No screen nests either in itself, so one level each (−9 KiB of the
// weapp main package, issue 21); the mini-program host reports a node drawn with a missing or self-including
// template (test/mini/host/templates.ts), so a screen that starts nesting them fails its test. Taro reads the
// limits from the platform's template object when it writes base.wxml and utils.wxs, after this chain is built.
const unnestedTemplates = ['scroll-view', 'static-text']
function oneLevelOfUnnested(chain: { plugin: (name: string) => { get: (key: 'args') => unknown[] } }) {
  const [options] = chain.plugin('miniPlugin').get('args') as [{ combination?: { config?: { template?: unknown } } }]
  const template = options?.combination?.config?.template as { nestElements?: Map<string, number> } | undefined
  const nestElements = template?.nestElements
  if (!nestElements || unnestedTemplates.some((name) => !nestElements.has(name)))
    throw new Error('Taro moved its template nesting limits (nestElements): see config/index.ts oneLevelOfUnnested')
  for (const name of unnestedTemplates) nestElements.set(name, 1)
}

// The one importer of Taro's interaction module whose toast waits for the module (config/h5CopyToastOnDemand.js).
const COPY_TOAST_ISSUER = /@tarojs[\\/]taro-h5[\\/]dist[\\/]api[\\/]device[\\/]clipboard\.js$/

const transpiledPackages = (filename: string): boolean =>
  /node_modules[\\/](@tanstack|axios|zustand|query-string|decode-uri-component|split-on-first|filter-obj)[\\/]/.test(
    filename,
  )
const KERNEL = resolve(__dirname, '../domain')
// The kernel (domain/) lies beside src/, and so does the benchmark floor app, which shares its floor globals
// (config/floorGlobals.ts): both compiled like src/.
const alsoCompiled = (filename: string): boolean =>
  transpiledPackages(filename) ||
  filename.startsWith(KERNEL) ||
  (floorApp && /[\\/]src[\\/]platform[\\/]floor[\\/]/.test(filename))

export default defineConfig<'webpack5'>(async (merge, { mode }) => {
  checkOperatorSettings(mode, process.env)
  checkPatchedModules(platform)
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'life-pay',
    date: '2026-11-22',
    // SPEC §2: designed at 750 wide.
    designWidth: 750,
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: floorApp ? 'bench/floor/app' : 'src',
    outputRoot,
    plugins: [],
    defineConstants: {},
    // The kernel (domain/) and the contract (types/api) sit beside src/, imported by the same names everywhere
    // (tsconfig.json's paths).
    alias: { '@domain': KERNEL, '@contract': resolve(__dirname, '../types/api') },
    copy: {
      patterns: platform === 'alipay' ? [{ from: 'mini.project.json', to: `${outputRoot}/mini.project.json` }] : [],
      options: {},
    },
    framework: 'react',
    compiler: { type: 'webpack5', prebundle: { enable: false } },
    cache: { enable: false },
    // Mini-programs: base.wxml repeats every component's template once per level (default 16, 60 KiB); deeper trees
    // continue through Taro's custom-wrapper component.
    baseLevel: 8,
    // A project-level option in Taro's types; the H5 build keeps Taro's H5 defaults.
    ...(platform === 'h5' ? {} : { terser: { enable: true, config: miniTerserOptions } }),
    mini: {
      postcss: {
        pxtransform: { enable: true, config: { baseFontSize: 20 } },
        cssModules: {
          enable: false,
          config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' },
        },
      },
      optimizeMainPackage: { enable: true },
      // No screen sets innerHTML: Taro's HTML parser (~9 KiB of the main package) stays out.
      runtime: { enableInnerHTML: false },
      compile: { include: [alsoCompiled] },
      webpackChain(chain) {
        failOnMissingExports(chain)
        onlyOurAxiosAdapter(chain)
        dropTaroHtmlParser(chain)
        if (platform === 'weapp') oneLevelOfUnnested(chain)
        // globalThis, AbortController, AbortSignal: ours where the engine has none (config/floorGlobals.ts).
        provideFloorGlobals(chain, platform)
        // A subpackage's shared modules in its sub-vendors.js, not one file (and one require per page) each.
        chain.plugin('mergeSubCommon').use(MergeSubCommonPlugin)
      },
    },
    h5: {
      publicPath: '/',
      // bench:trace attributes main-thread time to source files through these maps (never referenced by the scripts).
      enableSourceMap: Boolean(process.env.LIFEPAY_H5_SOURCEMAP),
      sourceMapType: 'hidden-source-map',
      staticDirectory: 'static',
      router: { mode: 'browser' },
      // src/index.html's early requests go to the API the app calls (the mode's .env; '' is the page's own origin).
      htmlPluginOption: { apiBase: process.env.TARO_APP_API_BASE ?? '' },
      compile: { include: [alsoCompiled] },
      webpackChain(chain) {
        failOnMissingExports(chain)
        onlyOurAxiosAdapter(chain)
        // globalThis (react-query reads it at import; Chrome < 71, iOS < 12.2): ours where the browser has none.
        provideFloorGlobals(chain, platform)
        // The server sends these as they are (preCompressed): every H5 build writes them, whatever its mode.
        chain.plugin('precompressAssets').use(PrecompressAssetsPlugin)
        // getSystemInfoSync's user-agent parser, run at import on the start-up path: a small reader in its place.
        chain
          .plugin('lightPlatformParser')
          .use(NormalModuleReplacementPlugin, [
            /node_modules[\\/]platform[\\/]platform\.js$/,
            resolve(__dirname, 'h5PlatformStub.js'),
          ])
        // setClipboardData's copy toast loads on the copy, not with the page (config/h5CopyToastOnDemand.js).
        chain.plugin('copyToastOnDemand').use(NormalModuleReplacementPlugin, [
          /[\\/]ui[\\/]interaction[\\/]index\.js$/,
          (resource: { request: string; contextInfo?: { issuer?: string } }) => {
            if (COPY_TOAST_ISSUER.test(resource.contextInfo?.issuer ?? ''))
              resource.request = resolve(__dirname, 'h5CopyToastOnDemand.js')
          },
        ])
        // One module per Taro component, so a page loads the components it renders only (config/h5Components).
        chain.resolve.alias.set('@tarojs/components$', resolve(__dirname, 'h5Components/index.js'))
        chain.module
          .rule('h5Components')
          .test(/config[\\/]h5Components[\\/]/)
          // webpack-chain's types lack the rule's sideEffects shorthand it has.
          .set('sideEffects', false)
        // Taro splits only initial chunks, so every page chunk carried its own copy of the code and CSS pages share
        // (axios, the component wrappers, src/services…): split async chunks too, Taro's cache groups kept. Taro's
        // minSize 0 would then cut a page into ~20 tiny scripts; webpack's production default (20 kB) keeps it to a
        // few. Every page's styles go into one stylesheet (`pageStyles`: 8.5 KiB gzip for all of them) instead of up
        // to 9 per page: over HTTP/1.1's six connections each file was another round trip before the page could draw
        // (order detail under slow 4G drew 0.6–1 s later), and a page opened after the first needs none. Rules of two
        // files that style one element must not rely on the files' order (docs/decisions/h5-first-load.md).
        const splitChunks = chain.optimization.get('splitChunks')
        chain.optimization.splitChunks({
          ...splitChunks,
          chunks: 'all',
          minSize: { javascript: 20000, 'css/mini-extract': 0 },
          cacheGroups: {
            ...splitChunks.cacheGroups,
            pageStyles: { name: 'pages', type: 'css/mini-extract', chunks: 'async', enforce: true, priority: 200 },
            // The endpoint groups most pages share (catalog, orders, saved accounts) in one chunk, as when they were
            // one module: each under minSize, they were copied into up to five chunks (docs/decisions/api-modules.md).
            lifePayApi: {
              name: 'lifePayApi',
              test: /[\\/]src[\\/]services[\\/]api[\\/](catalog|orders|userAccounts)\.ts$/,
              chunks: 'async',
              enforce: true,
              priority: 100,
            },
          },
        })
        // Start-up in several tasks, pages rendered in slices (src/platform/h5Boot.ts): the app's own, not the floor's.
        if (!floorApp) chain.plugin('h5StagedBoot').use(H5StagedBootPlugin)
        // src/app.config.ts's entryPagePath (Taro's config loader compiles config/ only: src/routes.ts is out of
        // reach).
        chain
          .plugin('h5FirstLoad')
          .use(H5FirstLoadPlugin, [{ entryPage: floorApp ? 'pages/index/index' : 'pages/home/index' }])
      },
      output: { filename: 'js/[name].[contenthash:8].js', chunkFilename: 'js/[name].[contenthash:8].js' },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css',
      },
      postcss: {
        pxtransform: { enable: true, config: { baseFontSize: 20 } },
        autoprefixer: { enable: true, config: {} },
        cssModules: {
          enable: false,
          config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' },
        },
      },
    },
  }
  if (mode === 'test') return merge({}, baseConfig, testConfig)
  // 'preview' is the production build served by the reference server (npm start): only its API base differs.
  if (process.env.NODE_ENV === 'development') return merge({}, baseConfig, devConfig)
  return merge({}, baseConfig, prodConfig)
})
