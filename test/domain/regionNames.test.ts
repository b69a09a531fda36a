import { demoElectricAreas, demoRegions } from '../../server/src/db/demoData'
import { isMunicipality, regionLabel, regionName, regionPinyin } from '@domain/regionNames'

const area = (provinceName: string, cityName: string) => ({ provinceName, cityName })

describe('regionName', () => {
  it.each([
    ['深圳市', 'Shenzhen'],
    ['深圳', 'Shenzhen'],
    ['广东省', 'Guangdong'],
    ['北京市', 'Beijing'],
    ['重庆市', 'Chongqing'],
    ['广西壮族自治区', 'Guangxi'],
    // The apostrophe keeps xi'an from reading as xian.
    ['西安市', "Xi'an"],
    // The official spelling that tells 陕西 from 山西.
    ['陕西省', 'Shaanxi'],
  ])('%s reads %s in en-US', (name, english) => {
    expect(regionName(name, 'en-US')).toBe(english)
  })

  it('keeps the Chinese name in zh-CN, as the server sends it', () => {
    expect(regionName('深圳市', 'zh-CN')).toBe('深圳市')
    expect(regionName('上海', 'zh-CN')).toBe('上海')
  })

  it('shows a name the table lacks in Chinese rather than blank', () => {
    expect(regionName('拉萨市', 'en-US')).toBe('拉萨市')
    expect(regionPinyin('拉萨市')).toBeUndefined()
  })

  it("knows every name of the server's seeded electricity areas", () => {
    const names = new Map(demoRegions.flatMap((p) => [[p.code, p.name] as const, ...p.cities]))
    const seeded = demoElectricAreas.flatMap(({ province, cities }) => [province, ...cities].map((c) => names.get(c)))
    const missing = seeded.filter((name) => !name || !regionPinyin(name))
    expect(missing).toEqual([])
    // In English, each is Latin letters, not the Chinese fallback.
    expect(seeded.filter((name) => !/^[A-Z][a-z']+$/.test(regionName(name ?? '', 'en-US')))).toEqual([])
  })
})

describe('regionLabel', () => {
  it.each([
    [area('广东省', '深圳市'), '广东省 深圳市', 'Shenzhen, Guangdong'],
    [area('广西壮族自治区', '南宁市'), '广西壮族自治区 南宁市', 'Nanning, Guangxi'],
    // Municipalities once, never 北京市 北京市.
    [area('北京市', '北京市'), '北京市', 'Beijing'],
    [area('上海市', '上海'), '上海', 'Shanghai'],
    [area('天津市', '天津市'), '天津市', 'Tianjin'],
    [area('重庆市', '重庆市'), '重庆市', 'Chongqing'],
  ])('%o reads %s / %s', (given, zh, en) => {
    expect(regionLabel(given, 'zh-CN')).toBe(zh)
    expect(regionLabel(given, 'en-US')).toBe(en)
  })

  it('names a province and city of one name both (吉林省 吉林市 are two places), and a district with its city', () => {
    expect(isMunicipality(area('吉林省', '吉林市'))).toBe(false)
    expect(regionLabel(area('吉林省', '吉林市'), 'zh-CN')).toBe('吉林省 吉林市')
    expect(regionLabel(area('北京市', '东城区'), 'zh-CN')).toBe('北京市 东城区')
  })

  it('mixes in the Chinese name where the table has no English', () => {
    expect(regionLabel(area('广东省', '佛山市'), 'en-US')).toBe('佛山市, Guangdong')
  })
})
