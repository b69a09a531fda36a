// Stands in for axios's lib/helpers/AxiosURLSearchParams.js in the app builds (config/index.ts): the same class,
// for what the app passes as `params` — a flat object of strings, numbers, booleans and dates, arrays of them as
// repeated keys (paramsSerializer `indexes`) — without axios's toFormData, which brings FormData, Blob, nested-object
// and visitor support that no request here uses (issue 21: bytes that ship unused). What it does not know is refused
// at once, never sent mangled. test/config/axiosSlim.test.ts holds it to axios's own class.
import AxiosError from 'axios/unsafe/core/AxiosError.js'

// axios's own: encodeURIComponent, plus the few characters it leaves and RFC 3986 reserves; a space as '+'.
const CHAR_MAP = { '!': '%21', "'": '%27', '(': '%28', ')': '%29', '~': '%7E', '%20': '+' }

function encode(str) {
  return encodeURIComponent(str).replace(/[!'()~]|%20/g, function replacer(match) {
    return CHAR_MAP[match]
  })
}

function unsupported(what) {
  return new AxiosError(
    'params ' + what + ' are not supported by this build (config/axiosUrlParams.js)',
    AxiosError.ERR_NOT_SUPPORT,
  )
}

function isObjectLike(value) {
  return value !== null && typeof value === 'object'
}

function convertValue(value) {
  if (value === null) return ''
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'boolean') return value.toString()
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return value
  throw unsupported('of type ' + Object.prototype.toString.call(value).slice(8, -1))
}

function pairsOf(params, options) {
  if (!isObjectLike(params)) throw new TypeError('target must be an object')
  const own = function (name) {
    return options && Object.prototype.hasOwnProperty.call(options, name) ? options[name] : undefined
  }
  if (own('visitor') || own('dots') || own('metaTokens') === false) throw unsupported('serializer options')
  const indexes = own('indexes') === undefined ? false : own('indexes')
  const pairs = []
  Object.keys(params).forEach(function each(key) {
    const value = params[key]
    if (value === undefined || value === null) return
    if (Array.isArray(value)) {
      const name = key.slice(-2) === '[]' ? key.slice(0, -2) : key
      value.forEach(function eachItem(item, index) {
        if (item === undefined || item === null) return
        if (isObjectLike(item) && !(item instanceof Date)) throw unsupported('with nested values')
        pairs.push([
          indexes === true ? name + '[' + index + ']' : indexes === null ? name : name + '[]',
          convertValue(item),
        ])
      })
      return
    }
    // axios spreads a string under a `[]` key into its characters: nothing here means that.
    if (key.slice(-2) === '[]' || (isObjectLike(value) && !(value instanceof Date)))
      throw unsupported('with nested values')
    pairs.push([key, convertValue(value)])
  })
  return pairs
}

function AxiosURLSearchParams(params, options) {
  this._pairs = params ? pairsOf(params, options) : []
}

AxiosURLSearchParams.prototype.append = function append(name, value) {
  this._pairs.push([name, value])
}

AxiosURLSearchParams.prototype.toString = function toString(encoder) {
  const _encode = encoder ? (value) => encoder.call(this, value, encode) : encode
  return this._pairs
    .map(function each(pair) {
      return _encode(pair[0]) + '=' + _encode(pair[1])
    })
    .join('&')
}

export default AxiosURLSearchParams
