// Stands in for axios's lib/defaults/index.js in the app builds (config/index.ts): axios's defaults with the body
// encodings the app sends — JSON for objects, strings and binary as they are — and without the form encodings
// (FormData, URLSearchParams, x-www-form-urlencoded, multipart) and the platform classes that serve them, which no
// request here uses (issue 21: bytes that ship unused). A form body is refused at once, never sent mangled. Keep it in
// step with node_modules/axios/lib/defaults/index.js on an axios upgrade; test/config/axiosSlim.test.ts holds the
// two to the same output for every body the app sends.
import utils from 'axios/unsafe/utils.js'
import AxiosError from 'axios/unsafe/core/AxiosError.js'
import transitionalDefaults from 'axios/unsafe/defaults/transitional.js'
import methodList from 'axios/unsafe/core/methodList.js'

const own = (obj, key) => (obj != null && utils.hasOwnProp(obj, key) ? obj[key] : undefined)

/** axios's: a string that already parses as JSON goes as it is (trimmed), anything else through JSON.stringify. */
function stringifySafely(rawValue) {
  if (utils.isString(rawValue)) {
    try {
      JSON.parse(rawValue)
      return utils.trim(rawValue)
    } catch (e) {
      if (e.name !== 'SyntaxError') throw e
    }
  }
  return JSON.stringify(rawValue)
}

function formBodyRefused(kind) {
  return new AxiosError(
    kind + ' bodies are not supported by this build (config/axiosDefaults.js)',
    AxiosError.ERR_NOT_SUPPORT,
  )
}

const defaults = {
  transitional: transitionalDefaults,

  adapter: ['xhr', 'http', 'fetch'],

  transformRequest: [
    function transformRequest(data, headers) {
      const contentType = headers.getContentType() || ''
      const hasJSONContentType = contentType.indexOf('application/json') > -1
      const isObjectPayload = utils.isObject(data)

      if (utils.isFormData(data) || (isObjectPayload && (utils.isHTMLForm(data) || utils.isFileList(data))))
        throw formBodyRefused('FormData')
      if (utils.isURLSearchParams(data)) throw formBodyRefused('URLSearchParams')
      if (
        utils.isArrayBuffer(data) ||
        utils.isBuffer(data) ||
        utils.isStream(data) ||
        utils.isFile(data) ||
        utils.isBlob(data) ||
        utils.isReadableStream(data)
      )
        return data
      if (utils.isArrayBufferView(data)) return data.buffer
      if (isObjectPayload) {
        if (contentType.indexOf('application/x-www-form-urlencoded') > -1) throw formBodyRefused('URL-encoded form')
        if (contentType.indexOf('multipart/form-data') > -1) throw formBodyRefused('multipart')
      }
      if (isObjectPayload || hasJSONContentType) {
        headers.setContentType('application/json', false)
        return stringifySafely(data)
      }
      return data
    },
  ],

  // axios's own, unchanged.
  transformResponse: [
    function transformResponse(data) {
      const transitional = own(this, 'transitional') || defaults.transitional
      const forcedJSONParsing = transitional && transitional.forcedJSONParsing
      const responseType = own(this, 'responseType')
      const JSONRequested = responseType === 'json'

      if (utils.isResponse(data) || utils.isReadableStream(data)) return data

      if (data && utils.isString(data) && ((forcedJSONParsing && !responseType) || JSONRequested)) {
        const silentJSONParsing = transitional && transitional.silentJSONParsing
        const strictJSONParsing = !silentJSONParsing && JSONRequested
        try {
          return JSON.parse(data, own(this, 'parseReviver'))
        } catch (e) {
          if (strictJSONParsing) {
            if (e.name === 'SyntaxError')
              throw AxiosError.from(e, AxiosError.ERR_BAD_RESPONSE, this, null, own(this, 'response'))
            throw e
          }
        }
      }
      return data
    },
  ],

  timeout: 0,

  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',

  maxContentLength: -1,
  maxBodyLength: -1,

  // No FormData or Blob class: only axios's form encodings and its own adapters read these.
  env: {},

  validateStatus: function validateStatus(status) {
    return status >= 200 && status < 300
  },

  headers: {
    common: {
      Accept: 'application/json, text/plain, */*',
      'Content-Type': undefined,
    },
  },
}

utils.forEach(methodList, (method) => {
  defaults.headers[method] = {}
})

export default defaults
