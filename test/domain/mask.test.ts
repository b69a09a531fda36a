import { maskAccount, maskPhone } from '@domain/mask'

describe('maskPhone (SPEC §5: first 3, four asterisks, last 4)', () => {
  it.each([
    ['13812345678', '138****5678'],
    ['19912340000', '199****0000'],
    // Longer values still show four asterisks.
    ['861381234567890', '861****7890'],
    // 8 characters: the one middle character is hidden.
    ['12345678', '123****5678'],
  ])('%p → %p', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked)
  })

  it.each([
    ['1234567', '****567'],
    ['123456', '****456'],
    ['12345', '****45'],
    ['1234', '****34'],
    ['12', '****2'],
    ['1', '****'],
  ])('a short value %p shows at most half of it: %p', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked)
  })

  it('gives an empty string for nothing', () => {
    expect(maskPhone('')).toBe('')
    expect(maskPhone(null)).toBe('')
    expect(maskPhone(undefined)).toBe('')
  })
})

describe('maskAccount', () => {
  it('shows the first 3 and last 4 with a star for each hidden character (issue 17, item 13)', () => {
    expect(maskAccount('4401234566789')).toBe('440******6789')
    expect(maskAccount('1234567890123')).toBe('123******0123')
    expect(maskAccount('GA20230001')).toBe('GA2****0001')
    expect(maskAccount('12345678')).toBe('123****5678')
    expect(maskAccount('12345')).toBe('****45')
  })

  it('counts characters, not UTF-16 units', () => {
    expect(maskAccount('户号𠀀𠀀12345678')).toBe('户号𠀀*****5678')
  })
})
