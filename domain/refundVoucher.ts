// A refund voucher is an image, known by its bytes (a file's name and declared type say nothing about what it holds:
// an .html renamed .png is still HTML). Shared by the server, which refuses anything else, and the console, which
// says so before uploading.

/** What an image voucher may be, by its content type. */
export type VoucherImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'

export const VOUCHER_IMAGE_TYPES: readonly VoucherImageType[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp']

/** At most this many bytes: a photo or a screenshot of a transfer fits. */
export const VOUCHER_MAX_BYTES = 5 * 1024 * 1024

/** How many leading bytes `voucherImageType` needs. */
export const VOUCHER_SIGNATURE_BYTES = 12

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte)

const ascii = (text: string) => [...text].map((letter) => letter.charCodeAt(0))

/** The image type the bytes begin with (PNG, JPEG, GIF, WebP magic numbers), or undefined for anything else. */
export function voucherImageType(bytes: Uint8Array): VoucherImageType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
  return undefined
}
