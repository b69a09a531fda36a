import { caretAfterDigits, editPhone, formatPhoneGroups, parsePhoneDigits } from '@domain/phoneGrouping'

/** Where `|` stands in a shown text: the caret. */
function at(textWithCaret: string): [string, number] {
  const caret = textWithCaret.indexOf('|')
  return [textWithCaret.replace('|', ''), caret]
}

/** The edit's outcome written as the user sees it, the caret as `|`. */
function seen(previous: string, textWithCaret: string): string {
  const edit = editPhone(previous, ...at(textWithCaret))
  return `${edit.shown.slice(0, edit.caret)}|${edit.shown.slice(edit.caret)}`
}

describe('formatPhoneGroups: 3-4-4, as far as the number goes', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['130', '130'],
    ['1301', '130 1'],
    ['1301234', '130 1234'],
    ['13012345', '130 1234 5'],
    ['13012345678', '130 1234 5678'],
  ])('%s → "%s"', (digits, shown) => {
    expect(formatPhoneGroups(digits)).toBe(shown)
  })

  it('is 13 characters for a full number (the field has to take that many)', () => {
    expect(formatPhoneGroups('13012345678')).toHaveLength(13)
  })
})

describe('parsePhoneDigits: pasted numbers as people write them', () => {
  it.each([
    ['130-1234-5678', '13012345678'],
    ['130 1234 5678', '13012345678'],
    ['+86 130 1234 5678', '13012345678'],
    ['+86-13012345678', '13012345678'],
    ['0086 130 1234 5678', '13012345678'],
    ['(+86) 130.1234.5678', '13012345678'],
    ['13012345678', '13012345678'],
  ])('%s → %s', (text, digits) => {
    expect(parsePhoneDigits(text)).toBe(digits)
  })

  it('keeps a number that merely starts with 86, and never more than 11 digits', () => {
    expect(parsePhoneDigits('8613')).toBe('8613')
    expect(parsePhoneDigits('130123456789999')).toBe('13012345678')
  })
})

describe('caretAfterDigits', () => {
  it('lands right after the n-th digit, never after the space that follows it', () => {
    expect(caretAfterDigits('13012345678', 0)).toBe(0)
    expect(caretAfterDigits('13012345678', 3)).toBe(3)
    expect(caretAfterDigits('13012345678', 4)).toBe(5)
    expect(caretAfterDigits('13012345678', 11)).toBe(13)
    expect(caretAfterDigits('130', 9)).toBe(3)
  })
})

describe('editPhone: one edit of the grouped field', () => {
  it('typing at the end groups as it goes, the caret at the end', () => {
    expect(seen('130', '1301|')).toBe('130 1|')
    expect(seen('1301234', '130 12345|')).toBe('130 1234 5|')
    expect(editPhone('1301234567', '130 1234 5678').digits).toBe('13012345678')
  })

  it('typing in the middle regroups and keeps the caret after the typed digit', () => {
    // 130 1|234 → type 9 → 130 19|234 → regrouped 130 1923 4
    expect(seen('1301234', '130 19|234')).toBe('130 19|23 4')
    // Just before a space: the caret follows the digit, not the space.
    expect(seen('1301234', '1309| 1234')).toBe('130 9|123 4')
  })

  it('deleting in the middle closes the gap and keeps the caret where the digit was', () => {
    // 130 12|34 5678 → backspace → 130 1|34 5678 → 130 1345 678
    expect(seen('13012345678', '130 1|34 5678')).toBe('130 1|345 678')
    expect(editPhone('13012345678', ...at('130 1|34 5678')).digits).toBe('1301345678')
  })

  it('backspace right after a space deletes the digit before it, instead of doing nothing', () => {
    // 130 |1234 → backspace removes the space → 130|1234: the user meant the 0.
    const edit = editPhone('1301234', ...at('130|1234'))
    expect(edit.digits).toBe('131234')
    expect(`${edit.shown.slice(0, edit.caret)}|${edit.shown.slice(edit.caret)}`).toBe('13|1 234')
  })

  it('deleting the last digit of a group leaves no dangling space', () => {
    expect(seen('1301', '130 |')).toBe('130|')
  })

  it('a full number refuses an extra digit typed in the middle rather than dropping its last one', () => {
    const edit = editPhone('13012345678', ...at('130 19|234 5678'))
    expect(edit.digits).toBe('13012345678')
    expect(`${edit.shown.slice(0, edit.caret)}|${edit.shown.slice(edit.caret)}`).toBe('130 1|234 5678')
  })

  it('a paste with separators or +86 gives the 11 digits, the caret after them', () => {
    expect(seen('', '130-1234-5678|')).toBe('130 1234 5678|')
    expect(seen('', '+86 130 1234 5678|')).toBe('130 1234 5678|')
    expect(seen('', '0086 13012345678|')).toBe('130 1234 5678|')
  })

  it('a paste over the whole number replaces it', () => {
    expect(editPhone('13012345678', '+86 139-0000-1111').digits).toBe('13900001111')
  })

  it('reads the caret as the end of the text when the platform gives none', () => {
    expect(editPhone('130', '1301')).toEqual({ digits: '1301', shown: '130 1', caret: 5 })
  })

  it('clearing the field gives no digits', () => {
    expect(editPhone('13012345678', '', 0)).toEqual({ digits: '', shown: '', caret: 0 })
  })
})
