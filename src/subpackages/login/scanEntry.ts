/** What a scanned code may put in the page's query (docs/qr.md). */
export interface ScanParams {
  uId?: string
  /** WeChat mini-program code (wxacode.getUnlimited): the url-encoded text `uId=...`. */
  scene?: string
  /** WeChat "ordinary link" QR rule: the url-encoded link that was scanned. */
  q?: string
}

// WeChat's scene is at most 32 characters, so `uId=` leaves 28; other hosts allow the same alphabet, longer.
const UID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

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

/** The referral id of a scanned code, from `uId`, `scene` or `q`; '' when none or malformed. */
export function scanUId(params: ScanParams): string {
  const candidates = [
    params.uId ? decodeFully(params.uId) : '',
    params.scene ? uIdFromQueryText(decodeFully(params.scene)) : '',
    params.q ? uIdFromQueryText(decodeFully(params.q)) : '',
  ]
  return candidates.find((uId) => UID_PATTERN.test(uId)) ?? ''
}
