import { CarrierCode, currentCarrierSegments, detectCarrier, isCarrierCode } from '@domain/carrier'

// SPEC §5, verbatim.
const spec: Record<CarrierCode, string> = {
  [CarrierCode.Yidong]: '134,135,136,137,138,139,150,151,152,157,158,159,182,183,184,187,188,198,147,178,165',
  [CarrierCode.Liantong]: '130,131,132,155,156,185,186,145,176,166',
  [CarrierCode.Dianxin]: '133,153,180,181,189,177,199,191',
}

const specRows = Object.entries(spec).flatMap(([carrier, prefixes]) =>
  prefixes.split(',').map((prefix) => [prefix, carrier as CarrierCode] as const),
)

describe('detectCarrier with the SPEC segments', () => {
  it.each(specRows)('%s → %s', (prefix, carrier) => {
    expect(detectCarrier(`${prefix}12345678`)).toBe(carrier)
  })

  it('covers all 39 SPEC segments', () => {
    expect(specRows).toHaveLength(39)
  })
})

describe('detectCarrier needs exactly 11 digits', () => {
  it.each([
    ['', 'empty'],
    ['1381234567', '10 digits'],
    ['138123456789', '12 digits'],
    ['138 1234 5678', 'spaces'],
    ['138-1234-5678', 'hyphens'],
    ['+8613812345678', 'country code'],
    ['1381234567a', 'a letter'],
    ['１３８１２３４５６７８', 'full-width digits'],
  ])('%p (%s) has no carrier', (phone) => {
    expect(detectCarrier(phone)).toBeUndefined()
  })

  it('ignores values that are not strings', () => {
    expect(detectCarrier(null)).toBeUndefined()
    expect(detectCarrier(undefined)).toBeUndefined()
    expect(detectCarrier(13812345678 as unknown as string)).toBeUndefined()
  })

  it('has no carrier for an 11-digit number in no segment', () => {
    expect(detectCarrier('12012345678')).toBeUndefined()
    expect(detectCarrier('16012345678')).toBeUndefined()
    expect(detectCarrier('10086000000')).toBeUndefined()
  })
})

describe('detectCarrier with the current official segments', () => {
  it.each([
    ['19512345678', CarrierCode.Yidong],
    ['19712345678', CarrierCode.Yidong],
    ['17212345678', CarrierCode.Yidong],
    ['14812345678', CarrierCode.Yidong],
    ['17031234567', CarrierCode.Yidong],
    ['17051234567', CarrierCode.Yidong],
    ['17061234567', CarrierCode.Yidong],
    ['17512345678', CarrierCode.Liantong],
    ['19612345678', CarrierCode.Liantong],
    ['14612345678', CarrierCode.Liantong],
    ['16712345678', CarrierCode.Liantong],
    ['17112345678', CarrierCode.Liantong],
    ['17041234567', CarrierCode.Liantong],
    ['17071234567', CarrierCode.Liantong],
    ['17081234567', CarrierCode.Liantong],
    ['17091234567', CarrierCode.Liantong],
    ['17312345678', CarrierCode.Dianxin],
    ['19012345678', CarrierCode.Dianxin],
    ['19312345678', CarrierCode.Dianxin],
    ['14912345678', CarrierCode.Dianxin],
    ['16212345678', CarrierCode.Dianxin],
    ['17001234567', CarrierCode.Dianxin],
    ['17011234567', CarrierCode.Dianxin],
    ['17021234567', CarrierCode.Dianxin],
    ['17401234567', CarrierCode.Dianxin],
  ])('%s → %s', (phone, carrier) => {
    expect(detectCarrier(phone)).toBe(carrier)
  })

  it('has no carrier for China Broadcast Network (192): there is no code for it', () => {
    expect(detectCarrier('19212345678')).toBeUndefined()
  })

  it('keeps the SPEC carrier where the tables overlap: 1349 follows SPEC 134 (China Mobile)', () => {
    expect(currentCarrierSegments.find((segment) => segment.prefix === '1349')?.carrier).toBe(CarrierCode.Dianxin)
    expect(detectCarrier('13491234567')).toBe(CarrierCode.Yidong)
  })

  it('has no carrier for 174 outside its 1740 satellite block', () => {
    expect(detectCarrier('17412345678')).toBeUndefined()
  })

  it('lists no segment that is also in the SPEC table apart from the documented 1349', () => {
    const specPrefixes = new Set(specRows.map(([prefix]) => prefix))
    const overlapping = currentCarrierSegments.filter((segment) => specPrefixes.has(segment.prefix.slice(0, 3)))
    expect(overlapping.map((segment) => segment.prefix)).toEqual(['1349'])
  })
})

describe('isCarrierCode', () => {
  it('accepts the three SPEC codes only', () => {
    expect(['yidong', 'dianxin', 'liantong'].every(isCarrierCode)).toBe(true)
    expect(isCarrierCode('guangdian')).toBe(false)
    expect(isCarrierCode(undefined)).toBe(false)
  })
})
