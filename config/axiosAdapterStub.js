// Stands in for axios's xhr and fetch adapters in the app builds: every request goes through our Taro adapter
// (src/services/http/taroAdapter.ts), so shipping the browser adapters would only grow the main package.
export default null
export const getFetch = undefined
