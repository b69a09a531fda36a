// Access tokens a refresh has replaced, so a 401 for one of them is known to be "too old", not "not allowed".
const replaced: string[] = []
const KEEP = 8

export function rememberReplacedToken(token: string): void {
  if (!token || replaced.includes(token)) return
  replaced.push(token)
  if (replaced.length > KEEP) replaced.shift()
}

export function wasReplacedByRefresh(token: string): boolean {
  return replaced.includes(token)
}

export function forgetReplacedTokens(): void {
  replaced.length = 0
}
