// axios's own lib/ modules that config/axiosDefaults.js and config/axiosUrlParams.js stand in for, imported by
// their tests (test/config/axiosSlim.test.ts) to hold the two to axios (axios ships no types for lib/).
declare module 'axios/unsafe/core/AxiosHeaders.js' {
  import { AxiosHeaders } from 'axios'
  export default AxiosHeaders
}

declare module 'axios/unsafe/defaults/index.js' {
  import type { AxiosDefaults } from 'axios'
  const defaults: AxiosDefaults
  export default defaults
}

declare module 'axios/unsafe/helpers/AxiosURLSearchParams.js' {
  export default class AxiosURLSearchParams {
    constructor(params?: object, options?: object)
    append(name: string, value: unknown): void
    toString(encoder?: (value: string, encode: (value: string) => string) => string): string
  }
}

declare module 'axios/unsafe/helpers/buildURL.js' {
  export function encode(value: string): string
  export default function buildURL(url: string, params?: object, options?: object): string
}
