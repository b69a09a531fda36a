const presetEnv = require('@babel/preset-env')
const presetTaro = require('babel-preset-taro')

// babel-preset-taro hands @babel/preset-env a fixed list of options, without `bugfixes` (Babel 8's default). Without
// it, one engine bug in a feature transpiles the whole feature: iOS < 16.3 gets every default parameter rewritten
// into `arguments` reads, iOS < 14.5 every destructuring, iOS < 13 every template literal (`"a".concat(b)`), though
// our floor (iOS 11 / Chrome 63) parses all three. With it, only the buggy forms are rewritten (Safari's function-name
// collision in destructured parameters, its `[...rest]` on the right of a destructuring, tagged-template caching).
// Mini-program builds only: the H5 build is measured against its own budget elsewhere
// (docs/decisions/mini-program-packages.md).
// Saves 10.6 KiB of the weapp main package (measured, docs/architecture.md § Patches). To remove: use 'taro' below.
function presetTaroWithBugfixes(api, options) {
  const config = presetTaro(api, options)
  let found = false
  const withBugfixes = (preset) => {
    if (!Array.isArray(preset) || preset[0] !== presetEnv) return preset
    found = true
    return [presetEnv, { ...preset[1], bugfixes: true }]
  }
  config.overrides = config.overrides.map((override) =>
    override.presets ? { ...override, presets: override.presets.map(withBugfixes) } : override,
  )
  // A Taro upgrade that moves preset-env elsewhere must not silently bring the whole-feature transforms back.
  if (!found) throw new Error('babel.config.js: @babel/preset-env not found in babel-preset-taro')
  return config
}

// babel-preset-taro drives the Taro builds; jest (NODE_ENV=test) needs CommonJS for node, so it gets plain presets.
module.exports = (api) => {
  const isTest = api.env('test')
  if (isTest) {
    return {
      presets: [
        ['@babel/preset-env', { targets: { node: 'current' } }],
        ['@babel/preset-typescript', { isTSX: true, allExtensions: true }],
        ['@babel/preset-react', { runtime: 'automatic' }],
      ],
    }
  }
  const mini = process.env.TARO_ENV === 'weapp' || process.env.TARO_ENV === 'alipay'
  return {
    presets: [
      [
        mini ? presetTaroWithBugfixes : 'taro',
        { framework: 'react', ts: true, compiler: 'webpack5', useBuiltIns: false },
      ],
    ],
  }
}
