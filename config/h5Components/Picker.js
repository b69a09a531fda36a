import { defineCustomElement } from '@tarojs/components/dist/components/taro-picker-core.js'
import { taroComponent } from './taroComponent'

export const Picker = /*#__PURE__*/ taroComponent('taro-picker-core', defineCustomElement)
