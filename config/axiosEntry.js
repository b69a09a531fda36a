// axios's entry for the app builds (config/index.ts aliases `axios` here, H5 and mini-programs): the same
// default instance, built the way axios's own lib/axios.js builds it, with what the app uses (src/services/http):
// `create`, `defaults`, AxiosError, AxiosHeaders, CanceledError, isCancel, isAxiosError. Left out: the
// HttpStatusCode table, CancelToken (deprecated; our requests cancel with AbortSignal), spread/all, toFormData and
// formToJSON as statics, VERSION, getAdapter — 1.9 KiB of the weapp main package that nothing calls (issue 21).
// Keep it in step with node_modules/axios/lib/axios.js on an axios upgrade; a name the app imports and this file
// lacks fails the build (config/index.ts failOnMissingExports).
import Axios from 'axios/unsafe/core/Axios.js'
import AxiosError from 'axios/unsafe/core/AxiosError.js'
import AxiosHeaders from 'axios/unsafe/core/AxiosHeaders.js'
import mergeConfig from 'axios/unsafe/core/mergeConfig.js'
import CanceledError from 'axios/unsafe/cancel/CanceledError.js'
import isCancel from 'axios/unsafe/cancel/isCancel.js'
import defaults from 'axios/unsafe/defaults/index.js'
import bind from 'axios/unsafe/helpers/bind.js'
import isAxiosError from 'axios/unsafe/helpers/isAxiosError.js'
import utils from 'axios/unsafe/utils.js'

function createInstance(defaultConfig) {
  const context = new Axios(defaultConfig)
  const instance = bind(Axios.prototype.request, context)
  utils.extend(instance, Axios.prototype, context, { allOwnKeys: true })
  utils.extend(instance, context, null, { allOwnKeys: true })
  instance.create = function create(instanceConfig) {
    return createInstance(mergeConfig(defaultConfig, instanceConfig))
  }
  return instance
}

const axios = createInstance(defaults)
axios.Axios = Axios
axios.AxiosError = AxiosError
axios.AxiosHeaders = AxiosHeaders
axios.CanceledError = CanceledError
axios.isCancel = isCancel
axios.isAxiosError = isAxiosError
axios.mergeConfig = mergeConfig
axios.default = axios

const create = axios.create
export { axios as default, create, Axios, AxiosError, AxiosHeaders, CanceledError, isCancel, isAxiosError, mergeConfig }
