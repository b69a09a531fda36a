import type { Labels } from './locale'

export enum PlatformType {
  CEndMiniProgram = 10,
}

export const platformTypeValues: readonly PlatformType[] = [PlatformType.CEndMiniProgram]

export const platformTypeLabels: Labels<PlatformType> = {
  'zh-CN': { [PlatformType.CEndMiniProgram]: 'C端小程序' },
  'en-US': { [PlatformType.CEndMiniProgram]: 'C-end mini-program' },
}
