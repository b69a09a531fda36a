import axios, { AxiosError, type AxiosRequestTransformer, type InternalAxiosRequestConfig } from 'axios'
import { REQUEST_TIMEOUT_MS } from '@domain/constants'
// H5: a read index.html already sent is answered from there (earlyAnswers.h5.ts); nothing on the mini-programs.
import './earlyAnswers'
import './requestOptions'
import { staleTokenRetry } from './staleTokenRetry'
import { taroAdapter } from './taroAdapter'

const axiosTransformRequest = ([] as AxiosRequestTransformer[]).concat(axios.defaults.transformRequest ?? [])

/**
 * axios's own body encoding; a body it cannot encode fails with the request's config attached, as a request-building
 * error.
 */
const transformRequest: AxiosRequestTransformer = function (this: InternalAxiosRequestConfig, data, headers) {
  try {
    return axiosTransformRequest.reduce((body, transform) => transform.call(this, body, headers), data)
  } catch (error) {
    throw AxiosError.from(error as Error, AxiosError.ERR_BAD_REQUEST, this)
  }
}

/**
 * Which app this is, sent as X-LifePay-Host: both mini-programs call the same login routes with their host's own
 * login code, and the server picks WeChat's or Alipay's identity provider by it (docs/login.md).
 */
const APP_HOST = process.env.TARO_ENV === 'weapp' || process.env.TARO_ENV === 'alipay' ? process.env.TARO_ENV : 'h5'

/**
 * The one axios instance (SPEC §7), without interceptors: client.ts installs them, and the few calls made from inside
 * the interceptors (token refresh, sensitive-word list) use this instance directly so no import runs in a circle.
 */
export const http = axios.create({
  // Taro injects TARO_APP_* at build time; '' means the page's own origin.
  baseURL: process.env.TARO_APP_API_BASE ?? '',
  timeout: REQUEST_TIMEOUT_MS,
  withCredentials: true,
  headers: {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'X-LifePay-Host': APP_HOST,
  },
  // a=1&a=2, never a[]=1 or a[0]=1.
  paramsSerializer: { indexes: null },
  adapter: staleTokenRetry(taroAdapter),
  transformRequest,
  // Request interceptors run in the order they are added (see client.ts).
  transitional: { ...axios.defaults.transitional, legacyInterceptorReqResOrdering: false },
})
