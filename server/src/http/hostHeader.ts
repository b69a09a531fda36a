import type { IdentityHost } from '../providers/identity'

/**
 * Which app a request comes from: `weapp`, `alipay` or `h5`, from the build's TARO_ENV (src/services/http). Both
 * mini-programs call the same login routes with their host's own code, so the server picks the identity provider by
 * it. Without the header (older app builds) the login is WeChat's, as it was before the Alipay identity existed.
 */
export const HOST_HEADER = 'x-lifepay-host'

export function identityHostOf(value: string | string[] | undefined): IdentityHost {
  return (Array.isArray(value) ? value[0] : value)?.trim().toLowerCase() === 'alipay' ? 'alipay' : 'weapp'
}
