import type { RegionalManagement } from '@contract/area'

// Provinces and cities as GetRegionalManagementList answers them, for the suites that mock it.

const city = (areaCode: string, areaName: string) => ({ areaCode, areaName, children: [] })

export const regionTree: RegionalManagement[] = [
  { areaCode: '110000', areaName: '北京市', children: [city('110100', '北京市')] },
  { areaCode: '310000', areaName: '上海市', children: [city('310100', '上海市')] },
  { areaCode: '440000', areaName: '广东省', children: [city('440100', '广州市'), city('440300', '深圳市')] },
  { areaCode: '130000', areaName: '河北省', children: [city('130100', '石家庄市')] },
]
