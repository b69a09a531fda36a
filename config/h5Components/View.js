import { defineCustomElement } from '@tarojs/components/dist/components/taro-view-core.js'
import { taroComponent } from './taroComponent'

export const View = /*#__PURE__*/ taroComponent('taro-view-core', defineCustomElement)
