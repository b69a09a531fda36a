import { defineCustomElement } from '@tarojs/components/dist/components/taro-scroll-view-core.js'
import { taroComponent } from './taroComponent'

export const ScrollView = /*#__PURE__*/ taroComponent('taro-scroll-view-core', defineCustomElement)
