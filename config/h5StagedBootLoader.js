// Webpack loader, H5 only, run on the app entry right after Taro's own entry loader (@tarojs/taro-loader/lib/h5):
// Taro's entry imports the app module and starts the router in the same task as the framework's evaluation. This
// rewrites it so that (src/platform/h5Boot.ts) the app module is evaluated in a task of its own, the router starts in
// another, and pages mount as React transitions (rendered in slices). The template is Taro 4.2.0's (pinned); if it
// changes shape the build fails here rather than silently booting in one task (test/config/h5StagedBoot.test.ts).
const { resolve } = require('node:path')

const APP_IMPORT = /^import component from (.+)$/m
const CREATE_APP = /^var inst = (\w+)\(component, (.+)\)$/m
const BOOT_RUNTIME = resolve(__dirname, '../src/platform/h5Boot.ts')

/** Taro's generated H5 entry → the staged one; any other module is returned as it is. */
function stageEntry(source, runtimePath = BOOT_RUNTIME) {
  if (!source.includes('createRouter(') && !source.includes('createMultiRouter(')) return source
  const appImport = APP_IMPORT.exec(source)
  const createApp = CREATE_APP.exec(source)
  if (!appImport || !createApp) {
    throw new Error('h5StagedBootLoader: Taro\'s H5 entry no longer has the shape this loader rewrites (see config/h5StagedBootLoader.js)')
  }
  const at = createApp.index
  const head = source.slice(0, at).replace(APP_IMPORT, '')
  const start = source
    .slice(at)
    .replace(CREATE_APP, (line, creator, args) => `var inst = mountPagesInTransition(${creator}(component, ${args}), React)`)
  return (
    `import { bootInStages, mountPagesInTransition } from ${JSON.stringify(runtimePath)}\n` +
    head +
    `bootInStages(function () { return import(/* webpackMode: "eager" */ ${appImport[1]}) }, function (component) {\n` +
    start +
    '\n})\n'
  )
}

module.exports = function h5StagedBootLoader(source) {
  return stageEntry(source)
}
module.exports.stageEntry = stageEntry
