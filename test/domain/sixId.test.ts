import { isSixId, maskSixId, normalizeSixId } from '@domain/sixId'
import { sixId, validateField, required, requiredBecause } from '@domain/validators'
import { validationMessage } from '@domain/validationMessages'

describe('sixID: the last six characters of the holder’s ID number (Southern Grid)', () => {
  it.each(['123456', '12345X', '12345x', ' 12345 6 '])('accepts %j', (text) => {
    expect(isSixId(text)).toBe(true)
    expect(validateField(text, [required, sixId])).toBeNull()
  })

  it.each(['12345', '1234567', '1234X5', 'X12345', '12345Y', '１２３４５６'])(
    'refuses %j with a message that says what it wants',
    (text) => {
      expect(isSixId(text)).toBe(false)
      expect(validationMessage(validateField(text, [sixId])!)).toBe('请输入户主身份证号后6位（6位数字，或5位数字加X）')
    },
  )

  it('normalises what a keyboard slips in: lower-case x, spaces', () => {
    expect(normalizeSixId(' 12 345x')).toBe('12345X')
  })

  it('masks all but the check character, in every list and log', () => {
    expect(maskSixId('12345X')).toBe('*****X')
    expect(maskSixId('')).toBe('')
    expect(maskSixId(null)).toBe('')
  })

  it('says why it is required when it is missing', () => {
    expect(validationMessage(validateField('', [requiredBecause('sixIdRequired'), sixId])!, 'en-US')).toBe(
      "Southern Grid needs the last 6 characters of the holder's ID number",
    )
  })
})
