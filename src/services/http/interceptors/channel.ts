import type { InternalAxiosRequestConfig } from 'axios'
import { useChannelStore } from '../../../stores/channel'

const BODY_METHODS = ['post', 'put', 'patch']

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/**
 * SPEC §7: the channel id goes into every request's query and every JSON body. A body method always gets a JSON object
 * body, so the channel has a place and the server never sees an empty JSON body. Values the caller set win.
 */
export function channelInterceptor(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const { channelId } = useChannelStore.getState()
  if (BODY_METHODS.includes(config.method ?? '') && config.data === undefined) config.data = {}
  if (!channelId) return config
  if (config.params === undefined || isPlainObject(config.params)) {
    config.params = { channelId, ...config.params }
  }
  if (isPlainObject(config.data)) config.data = { channelId, ...config.data }
  return config
}
