import { isUuid } from '@domain/uuid'

/** What a scanned code may put in the page's query (docs/qr.md). */
export interface ScanParams {
  uId?: string
  /** WeChat mini-program code (wxacode.getUnlimited): the url-encoded text `uId=...`. */
  scene?: string
  /** WeChat "ordinary link" QR rule: the url-encoded link that was scanned. */
  q?: string
}

// A uId is the referring user's id (a UUID). WeChat's scene holds 32 characters, so there it travels compact:
// its 16 bytes in base64url (22 characters), `uId=` + 22 = 26.
const UID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/
const COMPACT_UID_PATTERN = /^[A-Za-z0-9_-]{22}$/
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** A compact (22-character base64url) uId as the UUID text the API takes; any other uId as it is. */
export function expandUId(uId: string): string {
  if (!COMPACT_UID_PATTERN.test(uId)) return uId
  const bytes: number[] = []
  let buffer = 0
  let bits = 0
  for (const char of uId) {
    buffer = ((buffer << 6) | BASE64URL.indexOf(char)) & 0xffff
    bits += 6
    if (bits >= 8) {
      bits -= 8
      bytes.push((buffer >> bits) & 0xff)
    }
  }
  const hex = bytes
    .slice(0, 16)
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

function decodeFully(text: string): string {
  let current = text
  for (let i = 0; i < 3; i++) {
    let next: string
    try {
      next = decodeURIComponent(current.replace(/\+/g, ' '))
    } catch {
      return current
    }
    if (next === current) return current
    current = next
  }
  return current
}

function uIdFromQueryText(text: string): string {
  const query = text.includes('?') ? text.slice(text.indexOf('?') + 1) : text
  for (const pair of query.split('#')[0].split('&')) {
    const [key, value = ''] = pair.split('=')
    if (key === 'uId') return value
  }
  return ''
}

/**
 * The referral id of a scanned code, from `uId`, `scene` or `q`, as UUID text when compact; '' when none, or when it
 * names no user (a user id is a UUID): the page then says nothing of a referral.
 */
export function scanUId(params: ScanParams): string {
  const candidates = [
    params.uId ? decodeFully(params.uId) : '',
    params.scene ? uIdFromQueryText(decodeFully(params.scene)) : '',
    params.q ? uIdFromQueryText(decodeFully(params.q)) : '',
  ]
  const uId = candidates.find((candidate) => UID_PATTERN.test(candidate))
  const expanded = uId ? expandUId(uId) : ''
  return isUuid(expanded) ? expanded : ''
}
