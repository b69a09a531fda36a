export * from '@tarojs/taro-h5'
export { default } from '@tarojs/taro-h5'
