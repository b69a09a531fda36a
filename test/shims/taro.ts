import * as h5 from '@tarojs/taro-h5'
import { useDidHide, useDidShow } from './pageLifecycle'

// In the H5 build a babel plugin turns `Taro.x` into named imports; jest has no such plugin, so the default
// object gets every named API, which also lets tests spy on `Taro.x` where the app calls it.
const namedApis = { ...h5 } as Record<string, unknown>
delete namedApis.default
const Taro = Object.assign((h5 as unknown as { default: object }).default ?? {}, namedApis, { useDidShow, useDidHide })

export * from '@tarojs/taro-h5'
export { useDidHide, useDidShow }
export default Taro

// The build's entry sets up pxTransform from config/index.ts (design width 750, base font size 20); so does jest.
;(Taro as unknown as { initPxTransform: (config: object) => void }).initPxTransform({
  designWidth: 750,
  deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
  baseFontSize: 20,
})
