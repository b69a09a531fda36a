import { areaNameKey, type NamedArea } from './electricArea'
import { regionName, regionPinyin } from './regionNames'

/*
 * The region sheet's A–Z index and search, as Alipay's and WeChat's city pickers have them: cities under the first
 * letter of their pinyin, and a search that takes the Chinese name, the pinyin or its initials ('深圳', 'shenzhen',
 * 'sz'). Cities, not provinces, are what the user picks, so the letter is the city's.
 */

/** Where a city whose pinyin is unknown is listed: after Z, as the phone's contact lists do. */
export const OTHER_INITIAL = '#'

export interface InitialGroup<A> {
  /** 'A'…'Z', or OTHER_INITIAL. */
  initial: string
  areas: A[]
}

/** The city's index letter: 'S' for 深圳市; OTHER_INITIAL when its pinyin is unknown. */
export function regionInitial(area: Pick<NamedArea, 'cityName'>): string {
  const first = regionPinyin(area.cityName)?.[0]
  return first ? first.charAt(0).toUpperCase() : OTHER_INITIAL
}

/** Sorts by pinyin (so 上海 before 深圳 under S); unknown names by their Chinese text, after all known ones. */
function sortKey(area: Pick<NamedArea, 'cityName'>): string {
  const pinyin = regionPinyin(area.cityName)
  return pinyin ? pinyin.join(' ') : `~${area.cityName}`
}

function byPinyin(a: Pick<NamedArea, 'cityName'>, b: Pick<NamedArea, 'cityName'>): number {
  const ka = sortKey(a)
  const kb = sortKey(b)
  return ka < kb ? -1 : ka > kb ? 1 : 0
}

/** The cities under their index letters, A to Z then OTHER_INITIAL; letters without a city are left out. */
export function groupByInitial<A extends Pick<NamedArea, 'cityName'>>(areas: readonly A[]): InitialGroup<A>[] {
  const groups = new Map<string, A[]>()
  for (const area of [...areas].sort(byPinyin)) {
    const initial = regionInitial(area)
    const group = groups.get(initial)
    if (group) group.push(area)
    else groups.set(initial, [area])
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === OTHER_INITIAL ? 1 : b === OTHER_INITIAL ? -1 : a < b ? -1 : a > b ? 1 : 0))
    .map(([initial, list]) => ({ initial, areas: list }))
}

/** What is typed, comparable with the table: lower case, without the spaces and apostrophes ("Xi'an", "shen zhen"). */
function normalise(query: string): string {
  return query
    .trim()
    .toLowerCase()
    .replace(/[\s'’]/g, '')
}

/**
 * The name matches: its Chinese text holds the query (with or without 市), or its full pinyin, its initials or its
 * English name start with it.
 */
function nameMatches(name: string, query: string): boolean {
  // '上海市' finds a city the server sends as '上海' (a bare '市' has no key to look for).
  const key = areaNameKey(query)
  if (name.includes(query) || (key && name.includes(key))) return true
  const pinyin = regionPinyin(name)
  if (!pinyin) return false
  const english = normalise(regionName(name, 'en-US'))
  return (
    pinyin.join('').startsWith(query) ||
    pinyin
      .map((syllable) => syllable.charAt(0))
      .join('')
      .startsWith(query) ||
    english.startsWith(query)
  )
}

/**
 * The cities a search finds, in index order: first those whose own name matches, then those found by their province
 * ('guangdong' lists Guangzhou and Shenzhen). An empty search finds nothing: the sheet shows the index instead.
 */
export function searchRegions<A extends Pick<NamedArea, 'provinceName' | 'cityName'>>(
  areas: readonly A[],
  query: string,
): A[] {
  const wanted = normalise(query)
  if (!wanted) return []
  const sorted = [...areas].sort(byPinyin)
  const byCity = sorted.filter((area) => nameMatches(area.cityName, wanted))
  const byProvince = sorted.filter((area) => !byCity.includes(area) && nameMatches(area.provinceName, wanted))
  return [...byCity, ...byProvince]
}
