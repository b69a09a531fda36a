import {
  discountTenths,
  fenToYuan,
  formatFen,
  formatYuan,
  offeredFaceValues,
  rechargePrice,
  rechargePriceFen,
  toFen,
} from '@domain/price'

describe('rechargePrice (SPEC §9: face value × discount / 100, 2 decimals)', () => {
  it.each([
    [100, 98.5, 98.5, 9850],
    [30, 99.5, 29.85, 2985],
    [50, 100, 50, 5000],
    [300, 95, 285, 28500],
    [100, 0, 0, 0],
    [0, 98.5, 0, 0],
    // Half-up where the float product lands just below the half: 8.45 × 50 = 422.49999999999994 in floats.
    [8.45, 50, 4.23, 423],
    [1.15, 50, 0.58, 58],
    [0.01, 50, 0.01, 1],
    [0.01, 49.99, 0, 0],
    [1.01, 50, 0.51, 51],
    // Float noise in the inputs: 0.1 × 3 is 0.30000000000000004.
    [0.1 * 3, 50, 0.15, 15],
    [0.1 * 3, 100, 0.3, 30],
    [99.99, 99.99, 99.98, 9998],
    [200, 97.25, 194.5, 19450],
    [33.33, 33.33, 11.11, 1111],
    [7, 98.75, 6.91, 691],
    // Discounts with more than 2 decimals are honoured to 4.
    [100, 98.765, 98.77, 9877],
  ])('%p at %p%% costs %p (%p fen)', (face, discount, yuan, fen) => {
    expect(rechargePriceFen(face, discount)).toBe(fen)
    expect(rechargePrice(face, discount)).toBe(yuan)
  })

  it('prints with at most 2 decimals for every face value and discount step', () => {
    for (let face = 1; face <= 300; face++) {
      for (let discount = 90; discount <= 100; discount += 0.05) {
        const text = String(rechargePrice(face, discount))
        expect(text).toMatch(/^\d+(\.\d{1,2})?$/)
      }
    }
  })

  it('rejects amounts that are not money', () => {
    expect(() => rechargePrice(-1, 98)).toThrow(RangeError)
    expect(() => rechargePrice(NaN, 98)).toThrow(RangeError)
    expect(() => rechargePrice(100, Infinity)).toThrow(RangeError)
    expect(() => rechargePrice(1e20, 98)).toThrow(RangeError)
  })
})

describe('toFen / fenToYuan', () => {
  it.each([
    [98.5, 9850],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [2.675, 268],
    [19.99, 1999],
    [0, 0],
  ])('%p yuan is %p fen', (yuan, fen) => {
    expect(toFen(yuan)).toBe(fen)
  })

  it('turns fen back into yuan that print exactly', () => {
    expect(fenToYuan(9850)).toBe(98.5)
    expect(String(fenToYuan(2985))).toBe('29.85')
    expect(String(fenToYuan(1))).toBe('0.01')
    expect(() => fenToYuan(1.5)).toThrow(RangeError)
  })
})

describe('formatYuan / formatFen', () => {
  it.each([
    [98.5, '¥98.50'],
    [100, '¥100.00'],
    [0, '¥0.00'],
    [0.05, '¥0.05'],
    [29.85, '¥29.85'],
    [0.1 + 0.2, '¥0.30'],
    [1.005, '¥1.01'],
    [-1, '-¥1.00'],
    [1234567.8, '¥1234567.80'],
  ])('%p → %p', (yuan, text) => {
    expect(formatYuan(yuan)).toBe(text)
  })

  it('formats fen and takes another symbol', () => {
    expect(formatFen(9850)).toBe('¥98.50')
    expect(formatFen(7)).toBe('¥0.07')
    expect(formatFen(-250)).toBe('-¥2.50')
    expect(formatFen(9850, '')).toBe('98.50')
  })
})

describe('offeredFaceValues', () => {
  it('keeps values at or below 300, ascending', () => {
    expect(offeredFaceValues([500, 100, 300, 50, 301, 30, 1000])).toEqual([30, 50, 100, 300])
  })

  it('reads numeric strings, drops junk, zero, negatives and duplicates', () => {
    expect(offeredFaceValues(['200', '10', 'abc', '', 0, -5, 10, NaN, '300.5'])).toEqual([10, 200])
  })

  it('gives an empty list for nothing', () => {
    expect(offeredFaceValues(undefined)).toEqual([])
    expect(offeredFaceValues([])).toEqual([])
  })

  it('does not change its input', () => {
    const input = [300, 100]
    offeredFaceValues(input)
    expect(input).toEqual([300, 100])
  })
})

describe('discountTenths (折 counts tenths of the face value)', () => {
  it.each([
    [98.5, '9.85'],
    [90, '9'],
    [96, '9.6'],
    [99.99, '9.999'],
    [0.3, '0.03'],
  ])('%p%% is %s折', (percent, tenths) => {
    expect(discountTenths(percent)).toBe(tenths)
  })
})
