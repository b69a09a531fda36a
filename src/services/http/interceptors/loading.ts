import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import { httpUi } from '../httpUi'
import type { LoadingTicket } from '../requestOptions'
import { isRefreshCall } from './refreshPath'

// One indicator for any number of overlapping requests: shown by the first, hidden when the last one ends.
let loadingCount = 0
let navigationBarCount = 0

function begin(ticket: LoadingTicket): void {
  if (ticket.loading && loadingCount++ === 0) httpUi().showLoading()
  if (ticket.navigationBar && navigationBarCount++ === 0) httpUi().showNavigationBarLoading()
}

function end(ticket: LoadingTicket | undefined): void {
  if (!ticket || ticket.ended) return
  ticket.ended = true
  if (ticket.loading && --loadingCount === 0) httpUi().hideLoading()
  if (ticket.navigationBar && --navigationBarCount === 0) httpUi().hideNavigationBarLoading()
}

/** SPEC §4: shown before each request unless switched off for it (`showLoading: false`); never for the refresh call. */
export function loadingRequestInterceptor(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  if (isRefreshCall(config)) return config
  const ticket: LoadingTicket = {
    loading: config.showLoading !== false,
    navigationBar: config.showNavigationBarLoading === true,
    ended: false,
  }
  begin(ticket)
  config.loadingTicket = ticket
  return config
}

export function loadingResponseInterceptor(response: AxiosResponse): AxiosResponse {
  end(response.config.loadingTicket)
  return response
}

/** Hidden on error too; errors raised before the indicator was shown carry no ticket and change nothing. */
export function loadingErrorInterceptor(error: unknown): Promise<never> {
  end((error as { config?: InternalAxiosRequestConfig } | null)?.config?.loadingTicket)
  return Promise.reject(error)
}

/** How many requests hold the loading indicator and the navigation bar indicator (for tests and diagnostics). */
export function activeLoadingCounts(): { loading: number; navigationBar: number } {
  return { loading: loadingCount, navigationBar: navigationBarCount }
}
