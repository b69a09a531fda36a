import { OTHER_INITIAL, groupByInitial, regionInitial, searchRegions } from '@domain/regionIndex'

const area = (provinceName: string, cityName: string) => ({ provinceName, cityName })

const beijing = area('北京市', '北京市')
const shanghai = area('上海市', '上海市')
const chongqing = area('重庆市', '重庆市')
const shenzhen = area('广东省', '深圳市')
const guangzhou = area('广东省', '广州市')
const suzhou = area('江苏省', '苏州市')
const xian = area('陕西省', '西安市')
const chengdu = area('四川省', '成都市')
// A city the table lacks: listed under '#'.
const lhasa = area('西藏自治区', '拉萨市')
const areas = [shenzhen, beijing, lhasa, guangzhou, suzhou, shanghai, chongqing, xian, chengdu]

describe('regionInitial', () => {
  it('is the first letter of the pinyin, polyphones spelled right', () => {
    expect(regionInitial(shenzhen)).toBe('S')
    // 重庆 is chong qing, not zhong.
    expect(regionInitial(chongqing)).toBe('C')
    expect(regionInitial(lhasa)).toBe(OTHER_INITIAL)
  })
})

describe('groupByInitial', () => {
  it('lists the cities A to Z under their letter, in pinyin order, unknown names last', () => {
    const groups = groupByInitial(areas)
    expect(groups.map((g) => [g.initial, g.areas.map((a) => a.cityName)])).toEqual([
      ['B', ['北京市']],
      ['C', ['成都市', '重庆市']],
      ['G', ['广州市']],
      ['S', ['上海市', '深圳市', '苏州市']],
      ['X', ['西安市']],
      ['#', ['拉萨市']],
    ])
  })

  it('leaves no letter for an empty list', () => {
    expect(groupByInitial([])).toEqual([])
  })
})

describe('searchRegions', () => {
  const names = (query: string) => searchRegions(areas, query).map((a) => a.cityName)

  it.each([
    ['深圳', ['深圳市']],
    ['深圳市', ['深圳市']],
    ['shenzhen', ['深圳市']],
    ['ShenZhen ', ['深圳市']],
    ['shen zhen', ['深圳市']],
    ['shenz', ['深圳市']],
    // Initials: 苏州 (su zhou) shares them.
    ['sz', ['深圳市', '苏州市']],
    ['cq', ['重庆市']],
    ["xi'an", ['西安市']],
    ['xian', ['西安市']],
    ['拉萨', ['拉萨市']],
  ])('%s finds %o', (query, found) => {
    expect(names(query)).toEqual(found)
  })

  it('finds the cities of a province after those named so, in index order', () => {
    expect(names('guangdong')).toEqual(['广州市', '深圳市'])
    expect(names('广东')).toEqual(['广州市', '深圳市'])
    expect(names('shaanxi')).toEqual(['西安市'])
  })

  it('finds nothing for an empty or unrelated search', () => {
    expect(names('')).toEqual([])
    expect(names('  ')).toEqual([])
    expect(names('tokyo')).toEqual([])
    expect(names('zz')).toEqual([])
  })
})
