import { defineCustomElement } from '@tarojs/components/dist/components/taro-image-core.js'
import { taroComponent } from './taroComponent'

export const Image = /*#__PURE__*/ taroComponent('taro-image-core', defineCustomElement)
