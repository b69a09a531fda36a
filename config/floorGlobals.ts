/**
 * Globals our oldest engines lack, provided to the bundled code without installing them on a global object (the
 * mini-programs' module wrapper hides it, old engines have no `globalThis`, and eval is forbidden): webpack's
 * ProvidePlugin turns every free reference to these names, in every module, into an import of our module in
 * src/platform/floor/, which answers with the engine's own where it has one. `npm run syntax:check` reads the list.
 */
import { resolve } from 'node:path'
import { ProvidePlugin, type Compiler } from 'webpack'

const floor = resolve(__dirname, '..', 'src', 'platform', 'floor')
const globalObjectModule = resolve(floor, 'globalObject.ts')
const abortControllerModule = resolve(floor, 'abortController.ts')

/**
 * Free global → [module, export], per build. H5 needs no AbortController: @tarojs/taro-h5 bundles
 * abortcontroller-polyfill, which installs one on `self` where the browser has none.
 */
export function floorGlobals(platform: string): Record<string, [string, string]> {
  const globals: Record<string, [string, string]> = { globalThis: [globalObjectModule, 'globalObject'] }
  if (platform !== 'h5') {
    globals.AbortController = [abortControllerModule, 'AbortControllerOrPolyfill']
    globals.AbortSignal = [abortControllerModule, 'AbortSignalOrPolyfill']
  }
  return globals
}

const PLUGIN = 'KeepNativeGlobalsInFloorModules'
const floorModules = new Set([globalObjectModule, abortControllerModule])

interface Parser {
  hooks: {
    expression: {
      for(name: string): { tap(options: { name: string; stage: number }, fn: () => true | undefined): void }
    }
  }
  state: { module?: { resource?: string } }
}

/**
 * The floor modules read the engine's own globals: a free `globalThis` there must stay as written, not become an
 * import of the module itself. Runs before ProvidePlugin (stage) and answers "handled" for those modules only.
 */
class KeepNativeGlobalsInFloorModules {
  constructor(private readonly names: string[]) {}

  apply(compiler: Compiler) {
    compiler.hooks.compilation.tap(PLUGIN, (_compilation, { normalModuleFactory }) => {
      for (const type of ['javascript/auto', 'javascript/dynamic', 'javascript/esm']) {
        normalModuleFactory.hooks.parser.for(type).tap(PLUGIN, (parser: Parser) => {
          for (const name of this.names) {
            parser.hooks.expression
              .for(name)
              .tap({ name: PLUGIN, stage: -100 }, () =>
                floorModules.has(parser.state.module?.resource ?? '') ? true : undefined,
              )
          }
        })
      }
    })
  }
}

type Chain = { plugin: (name: string) => { use: (plugin: unknown, args?: unknown[]) => void } }

export function provideFloorGlobals(chain: Chain, platform: string) {
  const globals = floorGlobals(platform)
  chain.plugin('floorGlobals').use(ProvidePlugin, [globals])
  chain.plugin('keepNativeGlobalsInFloorModules').use(KeepNativeGlobalsInFloorModules, [Object.keys(globals)])
}
