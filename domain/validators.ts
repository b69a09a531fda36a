import type { ValidationMessageKey } from './validationMessages'
import { isSixId } from './sixId'

/** One rule for one field: the message key when the value fails, null when it passes. */
export type Rule = (value: unknown) => ValidationMessageKey | null

/** Runs the rules in order and returns the first failure, e.g. validateField(v, [required, mobilePhone]). */
export function validateField(value: unknown, rules: readonly Rule[]): ValidationMessageKey | null {
  for (const rule of rules) {
    const key = rule(value)
    if (key) return key
  }
  return null
}

/** Nothing entered: null, undefined, or a string of only white space. */
export function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
}

// Format rules below skip an empty value; put `required` first to demand one.
function textRule(key: ValidationMessageKey, test: (text: string) => boolean): Rule {
  return (value) => {
    if (isEmpty(value)) return null
    const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value
    return typeof text === 'string' && test(text) ? null : key
  }
}

function lengthBetween(text: string, min: number, max: number): boolean {
  const length = Array.from(text.trim()).length // code points, so an emoji or rare hanzi counts once
  return length >= min && length <= max
}

export const required: Rule = (value) =>
  isEmpty(value) || (Array.isArray(value) && value.length === 0) ? 'required' : null

/** `required`, with a message that says why this field is needed here (e.g. 'telecomHolderName'). */
export const requiredBecause =
  (key: ValidationMessageKey): Rule =>
  (value) =>
    required(value) ? key : null

/** SPEC §5 "number not null": any falsy value fails, 0 included. Numeric strings count as numbers. */
export const numberNotNull: Rule = (value) => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof number === 'number' && Number.isFinite(number) && number !== 0 ? null : 'numberNotNull'
}

/** SPEC §5 "map of values": an object with at least one entry and no falsy value. */
export const mapOfValues: Rule = (value) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'mapOfValues'
  const values = Object.values(value)
  return values.length > 0 && values.every(Boolean) ? null : 'mapOfValues'
}

export const arrayNotEmpty: Rule = (value) => (Array.isArray(value) && value.length > 0 ? null : 'arrayNotEmpty')

/** Price version item (SPEC §3). */
export interface PriceVersion {
  chargeWay: string | number
  name: string
  price: number | string
}

/** Every item needs a charge way, a name and a price (a price of 0 is a price). An empty list passes. */
export const priceVersions: Rule = (value) => {
  if (!Array.isArray(value)) return 'priceVersions'
  const complete = value.every((item: Partial<PriceVersion> | null) => {
    if (typeof item !== 'object' || item === null) return false
    const price = typeof item.price === 'string' && item.price.trim() !== '' ? Number(item.price) : item.price
    const hasPrice = typeof price === 'number' && Number.isFinite(price) && price >= 0
    return !isEmpty(item.chargeWay) && !isEmpty(item.name) && hasPrice
  })
  return complete ? null : 'priceVersions'
}

const HOST =
  '(?:localhost|(?:(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)' +
  '|(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59}))'

/** http(s) address without query or fragment. */
const ORIGIN_AND_PATH = `https?://${HOST}(?::\\d{1,5})?(?:/[^\\s?#]*)?`

export const URL_PATTERN = new RegExp(`^${ORIGIN_AND_PATH}$`)

/** http(s) address that may carry a query and a fragment. */
export const URL_WITH_PARAMS_PATTERN = new RegExp(`^${ORIGIN_AND_PATH}(?:\\?[^\\s#]*)?(?:#\\S*)?$`)

export const url = textRule('url', (text) => URL_PATTERN.test(text))

export const urlWithParams = textRule('urlWithParams', (text) => URL_WITH_PARAMS_PATTERN.test(text))

// GB 32100-2015: the code's alphabet is the digits and the capitals without I, O, S, V, Z.
const CREDIT_CODE_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY'
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28]

/** Registration authority, organisation type, 6-digit division code, 9-char organisation code, check. */
export const CREDIT_CODE_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/

export function isValidCreditCode(code: string): boolean {
  if (!CREDIT_CODE_PATTERN.test(code)) return false
  let sum = 0
  for (let i = 0; i < 17; i++) sum += CREDIT_CODE_CHARSET.indexOf(code[i]) * CREDIT_CODE_WEIGHTS[i]
  return CREDIT_CODE_CHARSET[(31 - (sum % 31)) % 31] === code[17]
}

/** Unified social credit code; skipped when empty and not required. */
export const creditCode = textRule('creditCode', isValidCreditCode)

/** SPEC §5: 11 digits, first 1, second 3 to 9. */
export const MOBILE_PHONE_PATTERN = /^1[3-9]\d{9}$/

export const mobilePhone = textRule('mobilePhone', (text) => MOBILE_PHONE_PATTERN.test(text))

/** Area code 010, 02x or 0xxx; optional '-'; 7–8 digit local number not starting 0/1; optional '-' extension. */
export const LANDLINE_PATTERN = /^(?:010|02\d|0[3-9]\d{2})-?[2-9]\d{6,7}(?:-\d{1,6})?$/

/** 400 / 800 service numbers: 10 digits, optionally grouped 400-xxx-xxxx. */
export const HOTLINE_PATTERN = /^[48]00-?\d{3}-?\d{4}$/

export const landline = textRule('landline', (text) => LANDLINE_PATTERN.test(text))

export const hotline = textRule('hotline', (text) => HOTLINE_PATTERN.test(text))

/** A landline or a 400/800 number (SPEC §5 "landline and 400 numbers"). */
export const telephone = textRule('telephone', (text) => LANDLINE_PATTERN.test(text) || HOTLINE_PATTERN.test(text))

/** 6-digit region (no leading 0), birth date yyyymmdd from 1900, 3-digit sequence, check digit or X. */
export const ID_CARD_PATTERN = /^[1-9]\d{5}(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dX]$/i

const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const ID_CARD_CHECK = '10X98765432'

/** ISO 7064 MOD 11-2 check digit of the first 17 digits. */
export function idCardCheckDigit(first17: string): string {
  let sum = 0
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_CARD_WEIGHTS[i]
  return ID_CARD_CHECK[sum % 11]
}

/** 18-digit resident ID: pattern, a real calendar birth date not in the future, and the check digit. */
export function isValidIdCard(id: string, nowMs: number = Date.now()): boolean {
  if (!ID_CARD_PATTERN.test(id)) return false
  const year = Number(id.slice(6, 10))
  const month = Number(id.slice(10, 12))
  const day = Number(id.slice(12, 14))
  const birth = new Date(Date.UTC(year, month - 1, day))
  if (birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day || birth.getTime() > nowMs) return false
  return idCardCheckDigit(id) === id[17].toUpperCase()
}

export const idCard = textRule('idCard', (text) => isValidIdCard(text))

export const digits = textRule('digits', (text) => /^\d+$/.test(text))

export const EMAIL_PATTERN =
  /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/

/** Skipped when empty and not required. */
export const email = textRule('email', (text) => EMAIL_PATTERN.test(text))

/** Non-negative decimal with at most 2 decimal places (money). */
export const DECIMAL_2_PATTERN = /^\d+(?:\.\d{1,2})?$/

export const decimal2 = textRule('decimal2', (text) => DECIMAL_2_PATTERN.test(text))

export const BANK_CARD_PATTERN = /^\d{16,30}$/

export const bankCard = textRule('bankCard', (text) => BANK_CARD_PATTERN.test(text))

export const PREVIEWABLE_FILE_TYPES = [
  'png',
  'jpg',
  'jpeg',
  'doc',
  'docx',
  'txt',
  'ppsx',
  'xlsx',
  'xls',
  'pdf',
] as const

/** True when a file name or URL ends in a previewable extension (any case; query and fragment ignored). */
export function isPreviewableFile(nameOrUrl: string): boolean {
  const path = nameOrUrl.split(/[?#]/)[0]
  const fileName = path.slice(path.lastIndexOf('/') + 1)
  const dot = fileName.lastIndexOf('.')
  if (dot < 0) return false
  return (PREVIEWABLE_FILE_TYPES as readonly string[]).includes(fileName.slice(dot + 1).toLowerCase())
}

type FileRef = string | { name?: string; url?: string }

/** A file name/URL, an uploaded file ({ name } or { url }), or a list of them: every one must be previewable. */
export const previewableFile: Rule = (value) => {
  if (isEmpty(value)) return null
  const files: unknown[] = Array.isArray(value) ? value : [value]
  const ok = files.every((file) => {
    const ref = file as FileRef | null
    const name = typeof ref === 'object' && ref !== null ? (ref.name ?? ref.url) : ref
    return typeof name === 'string' && isPreviewableFile(name)
  })
  return ok ? null : 'previewableFile'
}

/** State Grid accounts are 10 or 13 digits, Southern Grid up to 16; 5–20 digits admits every grid. */
export const ELECTRIC_ACCOUNT_PATTERN = /^\d{5,20}$/

/** Gas companies issue numeric or letter-prefixed accounts. */
export const GAS_ACCOUNT_PATTERN = /^[A-Za-z0-9]{5,20}$/

/** 8–32 printable ASCII characters without spaces, at least one letter and one digit. */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7E]{8,32}$/

export const electricAccount = textRule('electricAccount', (text) => ELECTRIC_ACCOUNT_PATTERN.test(text))

export const gasAccount = textRule('gasAccount', (text) => GAS_ACCOUNT_PATTERN.test(text))

export const holderName = textRule('holderName', (text) => lengthBetween(text, 1, 30))

export const sixId = textRule('sixId', isSixId)

export const remark = textRule('remark', (text) => lengthBetween(text, 0, 50))

export const refundReason = textRule('refundReason', (text) => lengthBetween(text, 1, 200))

export const password = textRule('password', (text) => PASSWORD_PATTERN.test(text))
