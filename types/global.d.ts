/// <reference types="@tarojs/taro" />

declare module '*.png'
declare module '*.gif'
declare module '*.jpg'
declare module '*.jpeg'
declare module '*.svg'
declare module '*.css'
declare module '*.scss'

declare namespace NodeJS {
  interface ProcessEnv {
    NODE_ENV?: 'development' | 'production' | 'test'
    TARO_ENV?: 'weapp' | 'alipay' | 'h5'
    /** Base address of the API; '' means the page's own origin (H5 served by the reference server). */
    TARO_APP_API_BASE?: string
    TARO_APP_ID?: string
  }
}
