/**
 * The loading indicator (SPEC §4) as the app shell and the request layer call it. Mini-programs (and tests): Taro's,
 * drawn by the host, called at once. The H5 build uses loadingIndicator.h5.ts, which loads Taro's on first use.
 */
export { hideLoading, showLoading } from './loading'
