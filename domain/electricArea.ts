/** What matching reads of a supported electricity area (GetElectricSupportArea's items have it). */
export interface NamedArea {
  provinceCode: string
  provinceName: string
  cityCode: string
  cityName: string
}

// Administrative suffixes a name may carry or drop: 北京/北京市, 广东/广东省, 内蒙古/内蒙古自治区, 广西/广西壮族自治区,
// 香港/香港特别行政区. Longest first, so 自治区 is not read as 区.
const ADMINISTRATIVE_SUFFIX = /(?:壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区|省|市)$/

/** The name two spellings of one place share: trimmed, without its administrative suffix ('北京市' → '北京'). */
export function areaNameKey(name: string): string {
  return name.trim().replace(ADMINISTRATIVE_SUFFIX, '')
}

/** A place given by code matches the code exactly; given by name, it matches a name with the same key. */
function samePlace(code: string, name: string, given: string): boolean {
  const wanted = given.trim()
  const key = areaNameKey(wanted)
  // A bare suffix ('市') names no place.
  return wanted !== '' && (code === wanted || (key !== '' && areaNameKey(name) === key))
}

/**
 * The supported area a province and city name (each by code or by name, with or without 省/市/自治区): the city must
 * match, and the province too when one is given. The first such area in the list; undefined when none.
 */
export function matchElectricArea<A extends NamedArea>(
  areas: readonly A[] | undefined,
  province: string | null | undefined,
  city: string | null | undefined,
): A | undefined {
  if (!areas || !city) return undefined
  const anyProvince = !province || province.trim() === ''
  return areas.find(
    (area) =>
      samePlace(area.cityCode, area.cityName, city) &&
      (anyProvince || samePlace(area.provinceCode, area.provinceName, province)),
  )
}
