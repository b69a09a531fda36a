// babel-preset-taro drives the Taro builds; jest (NODE_ENV=test) needs CommonJS for node, so it gets plain presets.
// NutUI is imported per component (its package entry is the whole library as one UMD file); the documented
// `dist/esm` does not exist in 3.0.20, so names map to dist/es/packages/<name> and styles to its style/css.
const nutuiOnDemand = [
  'import',
  {
    libraryName: '@nutui/nutui-react-taro',
    camel2DashComponentName: false,
    customName: (name) => `@nutui/nutui-react-taro/dist/es/packages/${name.toLowerCase()}`,
    customStyle: (name) => `@nutui/nutui-react-taro/dist/es/packages/${name.toLowerCase()}/style/css`,
  },
  'nutui-react-taro',
]

module.exports = (api) => {
  const isTest = api.env('test')
  if (isTest) {
    return {
      presets: [
        ['@babel/preset-env', { targets: { node: 'current' } }],
        ['@babel/preset-typescript', { isTSX: true, allExtensions: true }],
        ['@babel/preset-react', { runtime: 'automatic' }],
      ],
      plugins: [nutuiOnDemand],
    }
  }
  return {
    presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5', useBuiltIns: false }]],
    plugins: [nutuiOnDemand],
  }
}
