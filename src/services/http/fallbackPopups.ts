/**
 * The request layer's default toast and loading. Mini-programs (and tests): Taro's, drawn by the host, called at once.
 * The H5 build uses fallbackPopups.h5.ts, which loads Taro's on first use.
 */
export { hideLoading, showLoading, showToast } from './taroPopups'
