import { defineCustomElement } from '@tarojs/components/dist/components/taro-textarea-core.js'
import { taroComponent } from './taroComponent'

export const Textarea = /*#__PURE__*/ taroComponent('taro-textarea-core', defineCustomElement)
