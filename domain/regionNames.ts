import { areaNameKey, type NamedArea } from './electricArea'
import type { Locale } from './locale'

/*
 * The server names regions in Chinese: they are the supplier's identifiers, so they stay as sent and the app maps
 * them for display (English) and for the picker's A–Z index and pinyin search. A hand-made table of the areas the
 * server seeds (server/src/db/demoData.ts, demoElectricAreas) rather than a pinyin library: it is a few hundred
 * bytes in the subpackages instead of a dictionary, and it spells polyphones right (重庆 is chong qing). A name
 * missing here still shows, in Chinese, and sorts under '#'.
 */

/** Pinyin syllables per name, keyed without 省/市/自治区 (areaNameKey), so '上海' and '上海市' read the same. */
const PINYIN: Readonly<Record<string, string>> = {
  // Provinces and municipalities.
  北京: 'bei jing',
  天津: 'tian jin',
  上海: 'shang hai',
  重庆: 'chong qing',
  江苏: 'jiang su',
  浙江: 'zhe jiang',
  山东: 'shan dong',
  河南: 'he nan',
  湖北: 'hu bei',
  四川: 'si chuan',
  陕西: 'shan xi',
  广东: 'guang dong',
  广西: 'guang xi',
  云南: 'yun nan',
  贵州: 'gui zhou',
  海南: 'hai nan',
  // Cities.
  南京: 'nan jing',
  苏州: 'su zhou',
  杭州: 'hang zhou',
  济南: 'ji nan',
  青岛: 'qing dao',
  郑州: 'zheng zhou',
  武汉: 'wu han',
  成都: 'cheng du',
  西安: 'xi an',
  广州: 'guang zhou',
  深圳: 'shen zhen',
  南宁: 'nan ning',
  昆明: 'kun ming',
  贵阳: 'gui yang',
  海口: 'hai kou',
}

/** English names that are not the plain pinyin: 陕西 is spelled Shaanxi to tell it from 山西 (Shanxi). */
const ENGLISH: Readonly<Record<string, string>> = {
  陕西: 'Shaanxi',
}

/** The four municipalities: province and city at once, so their name is said once ('北京市', not '北京市 北京市'). */
const MUNICIPALITIES: ReadonlySet<string> = new Set(['北京', '上海', '天津', '重庆'])

/** The pinyin syllables of a region name ('深圳市' → ['shen', 'zhen']); undefined when the table lacks it. */
export function regionPinyin(name: string): readonly string[] | undefined {
  return PINYIN[areaNameKey(name)]?.split(' ')
}

/**
 * A name in the locale: zh-CN as the server sends it; en-US in pinyin ('Shenzhen', "Xi'an"), or the Chinese name
 * when the table lacks it (an unknown name is still the right place, a blank is not).
 */
export function regionName(name: string, locale: Locale): string {
  if (locale !== 'en-US') return name.trim()
  const key = areaNameKey(name)
  const english = ENGLISH[key]
  if (english) return english
  const syllables = regionPinyin(name)
  if (!syllables) return name.trim()
  // Pinyin writes an apostrophe before a syllable starting with a, o or e, so xi'an is not read xian.
  const word = syllables.map((s, i) => (i > 0 && /^[aoe]/.test(s) ? `'${s}` : s)).join('')
  return word.charAt(0).toUpperCase() + word.slice(1)
}

/**
 * The area is a municipality named as its own city (北京市 北京市, or 上海市 上海). Not any province and city of one
 * name: 吉林省 吉林市 are two places, and a municipality's district (北京市 东城区) needs both parts.
 */
export function isMunicipality(area: Pick<NamedArea, 'provinceName' | 'cityName'>): boolean {
  const province = areaNameKey(area.provinceName)
  return MUNICIPALITIES.has(province) && areaNameKey(area.cityName) === province
}

/**
 * An area as one line, the way each language writes an address: '广东省 深圳市' / 'Shenzhen, Guangdong'; a
 * municipality once ('北京市' / 'Beijing').
 */
export function regionLabel(area: Pick<NamedArea, 'provinceName' | 'cityName'>, locale: Locale): string {
  const city = regionName(area.cityName, locale)
  if (isMunicipality(area) || !area.provinceName.trim()) return city
  const province = regionName(area.provinceName, locale)
  return locale === 'en-US' ? `${city}, ${province}` : `${province} ${city}`
}
