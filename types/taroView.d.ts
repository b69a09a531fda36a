// H5 renders a View as an element that takes a DOM tabIndex (attachProps sets it as a property); Taro's types omit it.
// Mini-program templates ignore it, as they ignore role and aria-*.
import '@tarojs/components/types/View'

declare module '@tarojs/components/types/View' {
  interface ViewProps {
    /** 0: in the keyboard Tab order; -1: focusable from script only (a roving tab stop). H5 only. */
    tabIndex?: number
  }
}
