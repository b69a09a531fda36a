import { defineCustomElement } from '@tarojs/components/dist/components/taro-canvas-core.js'
import { taroComponent } from './taroComponent'

export const Canvas = /*#__PURE__*/ taroComponent('taro-canvas-core', defineCustomElement)
