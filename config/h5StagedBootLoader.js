// Webpack loader, H5 only, run on the app entry right after Taro's own entry loader (@tarojs/taro-loader/lib/h5).
// Taro's entry imports the framework (Taro's runtime, router, components, React) and the app module, and starts the
// router, all in one main-thread task: ~30–40 ms on a phone before anything responds. This rewrites it so that the app
// module is evaluated in a task of its own, then the app instance, the history and the tab bar are created in a second
// and the router starts in a third, with pages mounting as React transitions (src/platform/h5Boot.ts). The data layer
// (axios, react-query, the request layer) is not in the bundle: it loads with the first page that calls the server,
// and is evaluated with that page's chunk.
// The framework's own imports stay static: staging them too (each an eager import()) made webpack load 150 KiB more on
// the first page (docs/decisions/h5-startup.md). The template is Taro 4.2.0's (pinned); if its shape changes the
// build fails here rather than silently booting in one task (test/config/h5StagedBoot.test.ts runs this on what
// Taro's loader really generates).
// Splits home's 150–300 ms start-up task at 4× CPU (recorded in docs/decisions/h5-startup.md). To remove: the
// `h5StagedBoot` plugin in config/index.ts, config/h5StagedBoot.ts, this file, src/platform/h5Boot.ts and the test.
const { existsSync } = require('node:fs')
const { resolve } = require('node:path')

const CREATE_APP = /^var inst = (\w+)\(component, (.+)\)$/m
const BOOT_RUNTIME = resolve(__dirname, '../src/platform/h5Boot.ts')

/** Throws, naming this file, unless every module the staged entry names by path is where it says. */
function checkStagedModules(paths = [BOOT_RUNTIME]) {
  const missing = paths.filter((path) => !existsSync(path))
  if (missing.length > 0) {
    throw new Error(
      `h5StagedBootLoader: ${missing.join(', ')} not found; config/h5StagedBootLoader.js names the modules it stages ` +
        'by path (BOOT_RUNTIME): point it at their new place',
    )
  }
}

const APP_IMPORT = /^import component from (['"][^'"]+['"]);?[ \t]*$/m

const ROUTER_START = /^(createRouter|createMultiRouter)\(/m
const VAR = /^var (\w+) = /gm

/** Taro's generated H5 entry → the staged one; any other module is returned as it is. */
function stageEntry(source, runtimePath = BOOT_RUNTIME) {
  if (!ROUTER_START.test(source)) return source
  const appImport = APP_IMPORT.exec(source)
  const createApp = CREATE_APP.exec(source)
  if (!appImport || !createApp) {
    throw new Error(
      "h5StagedBootLoader: Taro's H5 entry no longer has the shape this loader rewrites (see config/h5StagedBootLoader.js)",
    )
  }
  // Static imports are hoisted, so the body may be cut where the app is created: everything above it stays as it was.
  const head = source.slice(0, createApp.index).replace(APP_IMPORT, 'var component')
  const rest = source
    .slice(createApp.index)
    .replace(
      CREATE_APP,
      (line, creator, args) => `var inst = mountPagesInTransition(${creator}(component, ${args}), React)`,
    )
  // The app instance, the history and the tab bar in one task; the router (which loads the first page) in the next.
  const routerAt = ROUTER_START.exec(rest).index
  const createStage = rest.slice(0, routerAt)
  const shared = [...createStage.matchAll(VAR)].map(([, name]) => name)
  const importStage = (request, then) => `  function () { return import(/* webpackMode: "eager" */ ${request})${then} }`
  const codeStage = (code) => `  function () {\n${code.trim()}\n  }`
  return (
    `import { bootInStages, mountPagesInTransition } from ${JSON.stringify(runtimePath)}\n` +
    head +
    `var ${shared.join(', ')}\n` +
    'bootInStages([\n' +
    [
      importStage(appImport[1], '.then(function (m) { component = m.default })'),
      codeStage(createStage.replace(VAR, '$1 = ')),
      codeStage(rest.slice(routerAt)),
    ].join(',\n') +
    '\n])\n'
  )
}

module.exports = function h5StagedBootLoader(source) {
  checkStagedModules()
  return stageEntry(source)
}
module.exports.stageEntry = stageEntry
module.exports.checkStagedModules = checkStagedModules
module.exports.BOOT_RUNTIME = BOOT_RUNTIME
