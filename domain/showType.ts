import type { Labels } from './locale'

/** How the client shows a business error (envelope `showType`, SPEC §8). */
export enum ShowType {
  Silent = 0,
  Warn = 1,
  Error = 2,
  Notification = 3,
  Redirect = 9,
}

export const showTypeValues: readonly ShowType[] = [
  ShowType.Silent,
  ShowType.Warn,
  ShowType.Error,
  ShowType.Notification,
  ShowType.Redirect,
]

export const showTypeLabels: Labels<ShowType> = {
  'zh-CN': {
    [ShowType.Silent]: '静默',
    [ShowType.Warn]: '警告',
    [ShowType.Error]: '错误',
    [ShowType.Notification]: '通知',
    [ShowType.Redirect]: '跳转',
  },
  'en-US': {
    [ShowType.Silent]: 'Silent',
    [ShowType.Warn]: 'Warn',
    [ShowType.Error]: 'Error',
    [ShowType.Notification]: 'Notification',
    [ShowType.Redirect]: 'Redirect',
  },
}
