import { areaNameKey, matchElectricArea, type NamedArea } from '@domain/electricArea'

describe('areaNameKey', () => {
  it.each([
    ['北京市', '北京'],
    ['北京', '北京'],
    [' 深圳市 ', '深圳'],
    ['广东省', '广东'],
    ['内蒙古自治区', '内蒙古'],
    ['广西壮族自治区', '广西'],
    ['宁夏回族自治区', '宁夏'],
    ['新疆维吾尔自治区', '新疆'],
    ['香港特别行政区', '香港'],
    ['市', ''],
    ['', ''],
  ])('%s → %s', (name, key) => {
    expect(areaNameKey(name)).toBe(key)
  })
})

const area = (provinceCode: string, provinceName: string, cityCode: string, cityName: string): NamedArea => ({
  provinceCode,
  provinceName,
  cityCode,
  cityName,
})

const beijing = area('110000', '北京市', '110100', '北京市')
const shenzhen = area('440000', '广东省', '440300', '深圳市')
const nanning = area('450000', '广西壮族自治区', '450100', '南宁市')
// A server that names a city without 市.
const shanghai = area('310000', '上海市', '310100', '上海')
// The same city name in two provinces: the province tells them apart.
const taiping1 = area('900000', '甲省', '900100', '太平市')
const taiping2 = area('910000', '乙省', '910100', '太平市')
const areas = [beijing, shenzhen, nanning, shanghai, taiping1, taiping2]

describe('matchElectricArea', () => {
  it.each([
    ['北京 vs 北京市', '北京', '北京', beijing],
    ['北京市 vs 北京市', '北京市', '北京市', beijing],
    ['codes', '110000', '110100', beijing],
    ['province code, city name', '440000', '深圳', shenzhen],
    ['province name without 省', '广东', '深圳市', shenzhen],
    ['names with spaces', ' 广东省 ', ' 深圳市 ', shenzhen],
    ['an autonomous region by its short name', '广西', '南宁', nanning],
    ['an autonomous region by its full name', '广西壮族自治区', '南宁市', nanning],
    ['a stored city without 市, asked with it', '上海市', '上海市', shanghai],
    ['no province: the city alone', undefined, '深圳', shenzhen],
    ['blank province: the city alone', ' ', '深圳市', shenzhen],
    ['null province: the city alone', null, '110100', beijing],
    ['one city name in two provinces: the province decides', '乙省', '太平市', taiping2],
    ['one city name in two provinces, no province: the first in the list', undefined, '太平', taiping1],
  ])('%s', (_, province, city, expected) => {
    expect(matchElectricArea(areas, province, city)).toBe(expected)
  })

  it.each([
    ['a city where electricity cannot be paid', '西藏自治区', '拉萨市'],
    ['a city of another province', '广东省', '北京市'],
    ['a city code of another province', '110000', '440300'],
    ['no city', '广东省', undefined],
    ['a null city', '广东省', null],
    ['an empty city', '广东省', ''],
    ['a bare suffix', undefined, '市'],
    ['a part of a name', undefined, '深'],
  ])('finds nothing for %s', (_, province, city) => {
    expect(matchElectricArea(areas, province, city)).toBeUndefined()
  })

  it('finds nothing before the areas are loaded', () => {
    expect(matchElectricArea(undefined, '广东省', '深圳市')).toBeUndefined()
    expect(matchElectricArea([], '广东省', '深圳市')).toBeUndefined()
  })
})
