import type { Compiler } from 'webpack'

const NAME = 'H5StagedBootPlugin'
const TARO_H5_ENTRY_LOADER = /[\\/]@tarojs[\\/]taro-loader[\\/]lib[\\/]h5\.js$/

/**
 * Puts config/h5StagedBootLoader.js right after Taro's H5 entry loader (webpack runs a module's loaders last to
 * first, so it goes just before Taro's in the list) on the module Taro generates the entry from (src/app.config.ts).
 * Taro adds its loader in the same hook; this tap runs after it (stage).
 */
export class H5StagedBootPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      compiler.webpack.NormalModule.getCompilationHooks(compilation).loader.tap(
        { name: NAME, stage: 100 },
        (_context, module) => {
          const at = module.loaders.findIndex((entry) => TARO_H5_ENTRY_LOADER.test(entry.loader))
          if (at < 0) return
          module.loaders.splice(at, 0, {
            loader: require.resolve('./h5StagedBootLoader.js'),
            options: {},
            ident: null,
            type: null,
          } as never)
        },
      )
    })
  }
}
