import { defineCustomElement } from '@tarojs/components/dist/components/taro-input-core.js'
import { taroComponent } from './taroComponent'

export const Input = /*#__PURE__*/ taroComponent('taro-input-core', defineCustomElement)
