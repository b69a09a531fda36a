/**
 * app.js without the package layout (issue 21, mini-programs). Taro's app loader writes the whole app config into
 * app.js as `window.__taroAppConfig` and passes it to createReactApp, which reads only `appId`; nothing else in a
 * mini-program build reads it (the H5 router and APIs do, in their own build). The subpackage list and the preload
 * rules are read by the host from app.json alone, so their copy in app.js is main-package bytes that never run:
 * 1.9 KiB once recharge became one subpackage per page. This plugin hands Taro's app loader the config without them;
 * app.json is written from Taro's own object, which stays as it was.
 */
import type { Compiler, NormalModule } from 'webpack'

const PLUGIN = 'AppJsWithoutPackageLayout'
// Taro's app entry loader (`@tarojs/taro-loader`'s main export); pages use `@tarojs/taro-loader/lib/page`.
const APP_LOADER = '@tarojs/taro-loader'
const HOST_ONLY_KEYS = ['subPackages', 'subpackages', 'preloadRule']

interface LoaderEntry {
  loader: string
  options?: { config?: Record<string, unknown> } & Record<string, unknown>
}

export class AppJsWithoutPackageLayoutPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.compilation.tap(PLUGIN, (compilation) => {
      // Taro's MiniPlugin adds its loader in the same hook; a later stage sees it there.
      compiler.webpack.NormalModule.getCompilationHooks(compilation).loader.tap(
        { name: PLUGIN, stage: 1 },
        (_context, module: NormalModule) => {
          const loaders = module.loaders as unknown as LoaderEntry[]
          const index = loaders.findIndex((entry) => entry.loader === APP_LOADER)
          const entry = loaders[index]
          if (!entry?.options?.config) return
          const config = Object.fromEntries(
            Object.entries(entry.options.config).filter(([key]) => !HOST_ONLY_KEYS.includes(key)),
          )
          loaders[index] = { ...entry, options: { ...entry.options, config } }
        },
      )
    })
  }
}
