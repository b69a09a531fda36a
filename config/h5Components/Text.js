import { defineCustomElement } from '@tarojs/components/dist/components/taro-text-core.js'
import { taroComponent } from './taroComponent'

export const Text = /*#__PURE__*/ taroComponent('taro-text-core', defineCustomElement)
