import { pagePath } from '../../routes'
import { scanUId, type ScanParams } from './scanEntry'

/** What every login page passes on: where to go back to, and the referral id of a scanned code. */
export interface LoginContext {
  redirect: string
  uId: string
}

export type LoginPage = 'authorization' | 'loginByForm' | 'registerForm' | 'userPolicy' | 'privacyPolicy'

function decodeOnce(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** Reads the context from a page's query; H5 hands values decoded, mini-programs as sent, so both end up decoded. */
export function loginContextFrom(params: ScanParams & { redirect?: string }): LoginContext {
  return { redirect: params.redirect ? decodeOnce(params.redirect) : '', uId: scanUId(params) }
}

/** A login page's URL that keeps the context. */
export function loginPageUrl(
  page: LoginPage,
  context: Partial<LoginContext> = {},
  extra: Record<string, string> = {},
): string {
  const query = Object.entries({ ...extra, uId: context.uId, redirect: context.redirect })
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&')
  return query ? `${pagePath(page)}?${query}` : pagePath(page)
}
