import { MAX_FACE_VALUE } from './constants'

// Money is computed in integer fen from the decimal text of each input, so 8.45 × 50% is 4.23, not 4.22.

/** A non-negative decimal as an integer count of 10^-scale units; float noise below 1e-8 is dropped. */
function toScaledInteger(value: number, scale: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new RangeError(`Not a non-negative amount: ${String(value)}`)
  }
  // toFixed(8) reads the double as the decimal it was written as (0.1 * 3 → 0.30000000, 1.005 → 1.00500000).
  const [whole, fraction] = value.toFixed(8).split('.')
  const kept = fraction.slice(0, scale)
  const roundUp = fraction.charCodeAt(scale) >= 53 // '5': half-up on the first dropped digit
  const units = Number(whole + kept) + (roundUp ? 1 : 0)
  if (!Number.isSafeInteger(units)) throw new RangeError(`Amount too large: ${value}`)
  return units
}

/** Yuan → integer fen, half-up. */
export function toFen(yuan: number): number {
  return toScaledInteger(yuan, 2)
}

/** Integer fen → yuan; the result prints with at most 2 decimals (9850 → 98.5). */
export function fenToYuan(fen: number): number {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`Not a whole number of fen: ${fen}`)
  return fen / 100
}

/** What the user pays for a face value at a discount percent (e.g. 98.5), in integer fen, half-up. */
export function rechargePriceFen(faceValueYuan: number, discountPercent: number): number {
  const faceFen = toFen(faceValueYuan)
  // Discount kept to 4 decimals (ten-thousandths of a percent); the product stays a safe integer.
  const discountUnits = toScaledInteger(discountPercent, 4)
  const numerator = faceFen * discountUnits
  if (!Number.isSafeInteger(numerator)) throw new RangeError('Face value × discount too large')
  const denominator = 100 * 10000
  const whole = Math.floor(numerator / denominator)
  const remainder = numerator - whole * denominator
  return remainder * 2 >= denominator ? whole + 1 : whole
}

/** SPEC §9: recharge price = face value × discount percentage / 100, rounded to 2 decimals (yuan). */
export function rechargePrice(faceValue: number, discountPercent: number): number {
  return fenToYuan(rechargePriceFen(faceValue, discountPercent))
}

/** '¥98.50' from integer fen; negative amounts as '-¥1.00'. */
export function formatFen(fen: number, symbol = '¥'): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`Not a whole number of fen: ${fen}`)
  const sign = fen < 0 ? '-' : ''
  const abs = Math.abs(fen)
  const cents = abs % 100
  return `${sign}${symbol}${(abs - cents) / 100}.${cents < 10 ? '0' : ''}${cents}`
}

/** '¥98.50' from yuan (rounded half-up to the fen). */
export function formatYuan(yuan: number, symbol = '¥'): string {
  return yuan < 0 ? `-${formatFen(toFen(-yuan), symbol)}` : formatFen(toFen(yuan), symbol)
}

/** Face values the app offers: positive, at most MAX_FACE_VALUE, unique, ascending. Accepts numeric strings. */
export function offeredFaceValues(parValues: readonly (number | string)[] | null | undefined): number[] {
  const values = (parValues ?? [])
    .map((value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value))
    .filter((value): value is number => typeof value === 'number' && Number.isFinite(value))
    .filter((value) => value > 0 && value <= MAX_FACE_VALUE)
  return Array.from(new Set(values)).sort((a, b) => a - b)
}

/**
 * A discount percent as Chinese 折 counts it, in tenths: 98.5 → '9.85' (read 9.85折, never 98.5折), 90 → '9'. No
 * trailing zeros, no float noise.
 */
export function discountTenths(discountPercent: number): string {
  return String(Number((discountPercent / 10).toFixed(6)))
}
