/** @jest-environment node */
import { relative } from 'node:path'
import { BOOT_RUNTIME, checkStagedModules, stageEntry } from '../../config/h5StagedBootLoader'

// Taro's own H5 entry generator (the pinned @tarojs/taro-loader), run as Taro's webpack plugin runs it on
// src/app.config.ts: the loader must rewrite what Taro really generates, not a copy of it.
const taroH5EntryLoader = jest.requireActual('@tarojs/taro-loader/lib/h5').default as (this: unknown) => string

const SOURCE_DIR = '/app/src'

function taroEntry(): string {
  const options = {
    entryFileName: 'app',
    filename: 'app',
    runtimePath: ['@tarojs/plugin-platform-h5/dist/runtime'],
    sourceDir: SOURCE_DIR,
    config: { pages: ['pages/home/index'], router: { mode: 'browser' }, tabBar: undefined },
    framework: 'react',
    loaderMeta: {
      importFrameworkStatement: "\nimport * as React from 'react'\nimport ReactDOM from 'react-dom/client'\n",
      creator: 'createReactApp',
      creatorLocation: '@tarojs/plugin-framework-react/dist/runtime',
      importFrameworkName: 'React',
      frameworkArgs: 'React, ReactDOM, config',
      extraImportForWeb: "import { findDOMNode, render, unstable_batchedUpdates } from 'react-dom'\n",
      execBeforeCreateWebApp: 'Object.assign(ReactDOM, { findDOMNode, render, unstable_batchedUpdates })\n',
    },
    pages: [['pages/home/index', `${SOURCE_DIR}/pages/home/index.config`]],
    pxTransformConfig: {
      designWidth: 750,
      deviceRatio: { 750: 1 },
      baseFontSize: 20,
      unitPrecision: 5,
      targetUnit: 'rem',
    },
    bootstrap: false,
  }
  const context = {
    getOptions: () => options,
    mode: 'production',
    resourcePath: `${SOURCE_DIR}/app.config.ts`,
    context: SOURCE_DIR,
    rootContext: '/app',
    utils: { contextify: (from: string, request: string) => `./${relative(from, request)}` },
  }
  return taroH5EntryLoader.call(context)
}

describe('the staged H5 start-up (config/h5StagedBootLoader.js)', () => {
  const original = taroEntry()
  const staged = stageEntry(original, '/app/src/platform/h5Boot.ts')

  it('starts from Taro’s entry as generated: app imported and the router started in one go', () => {
    expect(original).toMatch(/^import component from "\.\/app"$/m)
    expect(original).toMatch(/^var inst = createReactApp\(component, React, ReactDOM, config\)$/m)
  })

  it('evaluates the app module in a stage of its own, through an eager import (no data layer: pages load it)', () => {
    expect(staged).not.toMatch(/^import component from/m)
    expect(staged).toMatch(/^var component$/m)
    expect(staged).toContain(
      'bootInStages([\n' +
        '  function () { return import(/* webpackMode: "eager" */ "./app").then(function (m) { component = m.default }) },\n' +
        '  function () {\n',
    )
  })

  it('keeps the framework’s imports and the app config at the top, evaluated first as before', () => {
    const start = staged.indexOf('bootInStages([')
    for (const line of [
      "import * as React from 'react'",
      "import ReactDOM from 'react-dom/client'",
      'import { initPxTransform } from',
      'window.__taroAppConfig = config',
    ]) {
      expect(staged.indexOf(line)).toBeGreaterThanOrEqual(0)
      expect(staged.indexOf(line)).toBeLessThan(start)
    }
  })

  it('creates the app (pages mounted as transitions), the history and the tab bar in one stage, the router in the next', () => {
    const stages = staged.slice(staged.indexOf('bootInStages([')).split(/\n {2}\},\n {2}function \(\) \{\n/)
    expect(stages).toHaveLength(2)
    const [create, router] = stages
    expect(create).toContain('inst = mountPagesInTransition(createReactApp(component, React, ReactDOM, config), React)')
    expect(create).toMatch(/^history = createBrowserHistory\(\{ window \}\)$/m)
    expect(create).toMatch(/^handleAppMount\w*\(config, history\)$/m)
    expect(router.indexOf('createRouter(history, inst, config, React)')).toBe(0)
    expect(router.indexOf('initPxTransform({')).toBeGreaterThan(0)
    // Shared between the two stages, so declared once above them.
    expect(staged).toMatch(/^var inst, history$/m)
    expect(staged).not.toMatch(/^var (inst|history) = /m)
  })

  it('is valid JavaScript (parsed as a module)', async () => {
    const { parse } = await import('acorn')
    expect(() => parse(staged, { ecmaVersion: 2020, sourceType: 'module' })).not.toThrow()
  })

  it('leaves other modules alone and fails the build if Taro’s entry changes shape', () => {
    expect(stageEntry('export default { pages: [] }')).toBe('export default { pages: [] }')
    expect(() => stageEntry(original.replace('import component from', 'import App from'))).toThrow(
      /no longer has the shape/,
    )
  })

  it('names a module that exists: moving or renaming the boot runtime fails here and in the build', () => {
    expect(relative(process.cwd(), BOOT_RUNTIME)).toBe('src/platform/h5Boot.ts')
    expect(() => checkStagedModules()).not.toThrow()
    expect(() => checkStagedModules([BOOT_RUNTIME.replace('h5Boot.ts', 'renamed.ts')])).toThrow(
      /renamed\.ts not found; config\/h5StagedBootLoader\.js/,
    )
  })
})
