import type { Labels } from './locale'

// String values, as the SPEC gives them.
export enum RefreshKind {
  Refresh = '10',
  RegisterExistsPhoneNumber = '11',
}

export const refreshKindValues: readonly RefreshKind[] = [RefreshKind.Refresh, RefreshKind.RegisterExistsPhoneNumber]

export const refreshKindLabels: Labels<RefreshKind> = {
  'zh-CN': { [RefreshKind.Refresh]: '刷新', [RefreshKind.RegisterExistsPhoneNumber]: '注册手机号已存在' },
  'en-US': {
    [RefreshKind.Refresh]: 'Refresh',
    [RefreshKind.RegisterExistsPhoneNumber]: 'Register exists phone number',
  },
}
