// Stands in for axios's lib/adapters/adapters.js in the app builds (config/axiosAdaptersLoader.js puts it there):
// every request goes through the adapter src/services/http/instance.ts passes as a function (our Taro adapter), so
// axios's xhr, fetch and http adapters, and the helpers they bring (resolveConfig, progress events, trackStream,
// composeSignals, cookies…), would ship without ever running. Same contract as axios's getAdapter for what we pass:
// the first function in the list is the adapter; a name is refused at once, saying this build has none by name.
import AxiosError from 'axios/unsafe/core/AxiosError.js'

function getAdapter(adapters) {
  const list = Array.isArray(adapters) ? adapters : [adapters]
  for (const adapter of list) {
    if (typeof adapter === 'function') return adapter
    // axios's own getAdapter skips null and false (an adapter turned off) and tries the next one.
    if (adapter !== null && adapter !== false)
      throw new AxiosError(
        `Unknown adapter '${String(adapter)}': this build has no adapter by name, pass the adapter function ` +
          '(config/axiosAdapters.js)',
        AxiosError.ERR_NOT_SUPPORT,
      )
  }
  throw new AxiosError(
    'There is no suitable adapter to dispatch the request as no adapter function was given',
    AxiosError.ERR_NOT_SUPPORT,
  )
}

export default { getAdapter, adapters: {} }
