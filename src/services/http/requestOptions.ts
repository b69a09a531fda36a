import type { AxiosRequestConfig } from 'axios'

/** Which indicators one request turned on, so its end turns off exactly those (once). */
export interface LoadingTicket {
  loading: boolean
  navigationBar: boolean
  ended: boolean
}

// Per-request flags of SPEC §7, readable by every interceptor and settable by every caller.
declare module 'axios' {
  interface AxiosRequestConfig {
    /** Show the loading indicator while the request runs (default true). */
    showLoading?: boolean
    /** Also show the navigation bar's loading indicator (default false). */
    showNavigationBarLoading?: boolean
    /** Resolve with the whole axios response (unfiltered) instead of the envelope's `data`. */
    getResponse?: boolean
    /** Rethrow every error without a toast, logout or redirect. */
    skipErrorHandler?: boolean
    /** Sees the error first; returning true suppresses the default handling (the error is still rethrown). */
    customErrorHandler?: (error: AxiosError | Error) => boolean | void
    /** Set by the loading interceptor; not for callers. */
    loadingTicket?: LoadingTicket
    /** Set by the stale-token retry; not for callers. */
    staleTokenRetried?: boolean
  }
}

/** The flags a page may set on a read it shows its own loading and error state for. */
export type CallOptions = Pick<AxiosRequestConfig, 'showLoading' | 'skipErrorHandler' | 'customErrorHandler'>
