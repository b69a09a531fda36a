import type { Labels } from './locale'

/** Gas company of a gas account (`gasOrgType`). */
export enum GasProvider {
  ZhongGuo = 'zhong_guo',
  XinAo = 'xin_ao',
  HuaRun = 'hua_run',
  GangHua = 'gang_hua',
  ZhongRan = 'zhong_ran',
  BeiJing = 'bei_jing',
}

export const gasProviderValues: readonly GasProvider[] = [
  GasProvider.ZhongGuo,
  GasProvider.XinAo,
  GasProvider.HuaRun,
  GasProvider.GangHua,
  GasProvider.ZhongRan,
  GasProvider.BeiJing,
]

export const gasProviderLabels: Labels<GasProvider> = {
  'zh-CN': {
    [GasProvider.ZhongGuo]: '中国燃气',
    [GasProvider.XinAo]: '新奥燃气',
    [GasProvider.HuaRun]: '华润燃气',
    [GasProvider.GangHua]: '港华燃气',
    [GasProvider.ZhongRan]: '中燃燃气',
    [GasProvider.BeiJing]: '北京燃气',
  },
  'en-US': {
    [GasProvider.ZhongGuo]: 'China Gas',
    [GasProvider.XinAo]: 'ENN Natural Gas',
    [GasProvider.HuaRun]: 'China Resources Gas',
    [GasProvider.GangHua]: 'Towngas',
    [GasProvider.ZhongRan]: 'Zhongran Gas',
    [GasProvider.BeiJing]: 'Beijing Gas',
  },
}
