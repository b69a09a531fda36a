// What @tarojs/components/lib/react/components.js does for each of its ~100 components, for one component: a React
// wrapper of Taro's custom element, which it registers when the wrapper is created.
import { manipulatePropsFunction } from '@tarojs/components/lib/react/helper.js'
import { createReactComponent } from '@tarojs/components/lib/react/react-component-lib/createComponent.js'

export function taroComponent(tagName, defineCustomElement) {
  return createReactComponent(tagName, undefined, manipulatePropsFunction, defineCustomElement)
}
