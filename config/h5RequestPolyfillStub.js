// Stands in for two modules @tarojs/taro-h5's request API imports, in the H5 build only:
// - whatwg-fetch polyfills window.fetch, which every browser we support has (iOS ≥ 11, Chrome ≥ 63: fetch since
//   iOS 10.1 / Chrome 42), so it would only be parsed and run for nothing;
// - jsonp-retry serves Taro.request's `jsonp` option, which the app never sets (src/services/http/taroAdapter.ts).
// abortcontroller-polyfill (AbortController arrived in iOS 12.1 and Chrome 66, above our floor) loads at start-up where
// the browser needs it (config/h5AbortControllerDeferred.js).
export default function jsonpNotSupported() {
  throw new Error('Taro.request({ jsonp }) is not supported in this build')
}
