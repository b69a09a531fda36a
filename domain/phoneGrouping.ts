/**
 * Mobile numbers shown as the wallets show them, in groups of 3-4-4 ('130 1234 5678'), while the value the app keeps,
 * validates and sends stays the 11 plain digits. Pure: the field components turn a user's edit of the shown text
 * into digits and a caret with these, the same on H5 and in the mini-programs.
 */

/** A mainland mobile number has 11 digits. */
export const PHONE_DIGITS = 11

/** Where the groups break: after the 3rd and the 7th digit. */
const GROUP_ENDS = [3, 7]

const SEPARATOR = ' '

/** '13012345678' → '130 1234 5678'; a partial number is grouped as far as it goes ('13012' → '130 12'). */
export function formatPhoneGroups(digits: string): string {
  let shown = ''
  for (let i = 0; i < digits.length; i += 1) {
    // A separator only between two digits: '130' stays '130', so deleting the 4th digit leaves no trailing space.
    if (GROUP_ENDS.includes(i)) shown += SEPARATOR
    shown += digits[i]
  }
  return shown
}

/** The caret position in `formatPhoneGroups(digits)` right after its `count`-th digit (0: at the start). */
export function caretAfterDigits(digits: string, count: number): number {
  const kept = Math.max(0, Math.min(count, digits.length))
  return formatPhoneGroups(digits.slice(0, kept)).length
}

/**
 * A country code in front of a full number, as contacts and web pages write it: '+86 130 1234 5678',
 * '0086 13012345678', '86-130-1234-5678'. Read only when what follows is exactly a mobile number, so a typed
 * '86…' that is not one keeps its digits.
 */
const COUNTRY_CODE = /^(?:00)?86(1\d{10})$/

/**
 * The digits of pasted or typed text: separators of any kind dropped, a +86 country code removed, at most 11.
 * '130-1234-5678' → '13012345678'; '+86 130 1234 5678' → '13012345678'.
 */
export function parsePhoneDigits(text: string): string {
  const digits = text.replace(/\D+/g, '')
  const national = COUNTRY_CODE.exec(digits)
  return (national ? national[1] : digits).slice(0, PHONE_DIGITS)
}

/** The outcome of one edit: the digits to keep, the text to show, and where the caret goes in it. */
export interface PhoneEdit {
  digits: string
  shown: string
  caret: number
}

/**
 * One edit of the grouped field. `previous` is the digits before it, `text` the field's text after it (the browser's
 * or the mini-program's), `caret` the caret in `text` (its end when the platform does not say).
 * - Typing or deleting anywhere keeps the caret after the same digit, whatever the groups do around it.
 * - Deleting a separator alone (backspace right after a space) deletes the digit in front of it, as the wallets do,
 *   rather than doing nothing while the space comes back.
 * - A full number does not take more digits: an extra one typed in the middle is refused instead of pushing the last
 *   digit out, so a stray tap cannot silently change the number.
 * - A paste with a country code or separators gives the national digits.
 */
export function editPhone(previous: string, text: string, caret: number = text.length): PhoneEdit {
  const at = Math.max(0, Math.min(caret, text.length))
  const typedDigits = text.replace(/\D+/g, '')
  let digitsBeforeCaret = text.slice(0, at).replace(/\D+/g, '').length
  let digits: string

  const national = COUNTRY_CODE.exec(typedDigits)
  if (typedDigits === previous && text.length < formatPhoneGroups(previous).length && digitsBeforeCaret > 0) {
    // Only a separator went: take the digit before the caret with it.
    digits = previous.slice(0, digitsBeforeCaret - 1) + previous.slice(digitsBeforeCaret)
    digitsBeforeCaret -= 1
  } else if (national) {
    digits = national[1]
    digitsBeforeCaret = Math.max(0, digitsBeforeCaret - (typedDigits.length - PHONE_DIGITS))
  } else if (typedDigits.length > PHONE_DIGITS && previous.length === PHONE_DIGITS) {
    // The number was complete: the edit only added digits, so it is refused and the caret stays where it was.
    digits = previous
    digitsBeforeCaret = Math.max(0, digitsBeforeCaret - (typedDigits.length - PHONE_DIGITS))
  } else {
    digits = typedDigits.slice(0, PHONE_DIGITS)
  }
  return { digits, shown: formatPhoneGroups(digits), caret: caretAfterDigits(digits, digitsBeforeCaret) }
}
