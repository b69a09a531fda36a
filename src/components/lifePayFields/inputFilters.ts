/** Keeps the digits of typed or pasted text ('138 1234-5678' → '13812345678'), at most `maxLength`. */
export function digitsOnly(text: string, maxLength?: number): string {
  const digits = text.replace(/\D+/g, '')
  return maxLength === undefined ? digits : digits.slice(0, maxLength)
}

/** Keeps ASCII letters and digits (gas accounts may carry a letter prefix), at most `maxLength`. */
export function lettersAndDigitsOnly(text: string, maxLength?: number): string {
  const kept = text.replace(/[^A-Za-z0-9]+/g, '')
  return maxLength === undefined ? kept : kept.slice(0, maxLength)
}

/** An ID number's tail as typed: digits and the check character X (x is the same one), at most `maxLength`. */
export function idCardCharsOnly(text: string, maxLength: number): string {
  return text
    .replace(/[^0-9Xx]+/g, '')
    .toUpperCase()
    .slice(0, maxLength)
}
