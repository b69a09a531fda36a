import { defineCustomElement } from '@tarojs/components/dist/components/taro-button-core.js'
import { taroComponent } from './taroComponent'

export const Button = /*#__PURE__*/ taroComponent('taro-button-core', defineCustomElement)
