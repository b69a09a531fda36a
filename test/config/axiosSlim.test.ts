import AxiosHeaders from 'axios/unsafe/core/AxiosHeaders.js'
import axiosDefaults from 'axios/unsafe/defaults/index.js'
import AxiosURLSearchParams from 'axios/unsafe/helpers/AxiosURLSearchParams.js'
import buildURL, { encode as buildUrlEncode } from 'axios/unsafe/helpers/buildURL.js'
import slimDefaults from '../../config/axiosDefaults'
import SlimURLSearchParams from '../../config/axiosUrlParams'

// The app builds take config/axiosDefaults.js and config/axiosUrlParams.js in place of axios's defaults and
// AxiosURLSearchParams (config/index.ts). Each is held here to axios's own module — imported from axios's lib/, as the
// builds import it — for everything the app sends, and must refuse the rest rather than send it mangled.

type Params = Record<string, unknown>
const serialize = (
  Class: typeof AxiosURLSearchParams,
  params: Params,
  options?: object,
  encoder?: (value: string, encode: (value: string) => string) => string,
) => new Class(params, options).toString(encoder)

const PARAMS: Params[] = [
  { t: 1795776733829 },
  { channelId: '818', orderNo: 'LP202611270001' },
  { code: 'a b&c=d/é中文', state: "!'()~*-._", odd: ':$,@;+[]#?' },
  { yes: true, no: false, zero: 0, empty: '', skipped: undefined, nothing: null },
  { at: new Date(Date.UTC(2026, 10, 27, 8, 30)) },
  { types: [10, 20, 30], 'ids[]': ['a', null, 'b', undefined], one: ['x'], none: [] },
]

describe('config/axiosUrlParams.js: the URL parameters the app sends, as axios writes them', () => {
  it.each(PARAMS)('writes %p as axios does, with every `indexes` and with buildURL’s encoder', (params) => {
    for (const options of [undefined, { indexes: null }, { indexes: true }, { indexes: false }])
      for (const encoder of [undefined, buildUrlEncode])
        expect(serialize(SlimURLSearchParams, params, options, encoder)).toBe(
          serialize(AxiosURLSearchParams, params, options, encoder),
        )
  })

  it('builds the same URLs through axios’s buildURL (a hash dropped, an existing query extended)', () => {
    for (const params of PARAMS)
      expect(buildURL('/api/x?a=1#top', params, { indexes: null })).toBe(
        `/api/x?a=1&${serialize(AxiosURLSearchParams, params, { indexes: null }, buildUrlEncode)}`,
      )
  })

  it('refuses what it does not write (nested values, a string under a [] key, serializer options)', () => {
    const refused = [
      [{ filter: { type: 10 } }],
      [{ rows: [{ id: 1 }] }],
      [{ rows: [[1, 2]] }],
      [{ 'ids[]': 'abc' }],
      [{ file: new Blob(['x']) }],
      [{ a: 1 }, { dots: true }],
      [{ a: 1 }, { visitor: () => false }],
    ] as const
    for (const [params, options] of refused)
      expect(() => serialize(SlimURLSearchParams, params, options)).toThrow(/not supported by this build/)
  })
})

const BODIES: unknown[] = [
  { orderNo: 'LP1', parValue: 100, remark: '妈妈' },
  [1, 2, 3],
  '{"already":"json"}  ',
  'plain text',
  undefined,
  null,
  new Uint8Array([1, 2, 3]),
]

/** A request's body and content type after a defaults object's transformRequest, under a given content type. */
function transform(defaults: typeof axiosDefaults, body: unknown, contentType?: string) {
  const headers = new AxiosHeaders(contentType ? { 'Content-Type': contentType } : {})
  const transforms = [defaults.transformRequest].flat()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const data = transforms.reduce((value, fn: any) => fn.call({}, value, headers), body)
  return { data, contentType: headers.getContentType() }
}

describe('config/axiosDefaults.js: axios’s defaults for the bodies the app sends', () => {
  it.each(BODIES)('encodes %p as axios does, with and without a JSON content type', (body) => {
    for (const contentType of [undefined, 'application/json'])
      expect(transform(slimDefaults, body, contentType)).toEqual(transform(axiosDefaults, body, contentType))
  })

  it('reads answers as axios does: JSON parsed, a broken one left as text, or refused when JSON was asked for', () => {
    const read = (defaults: typeof axiosDefaults, data: string, responseType?: string) => {
      const [fn] = [defaults.transformResponse].flat()
      try {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        return { value: (fn as any).call({ responseType, transitional: defaults.transitional }, data) }
      } catch (error) {
        return { code: (error as { code?: string }).code }
      }
    }
    for (const [data, responseType] of [
      ['{"success":true,"data":[1]}', undefined],
      ['not json', undefined],
      ['not json', 'json'],
      ['{"a":1}', 'text'],
    ] as const)
      expect(read(slimDefaults, data, responseType)).toEqual(read(axiosDefaults, data, responseType))
  })

  it('keeps axios’s other defaults', () => {
    // The transforms are compared above by what they do; env (axios's FormData and Blob classes) is what goes.
    const omit = ({ transformRequest, transformResponse, env, validateStatus, ...rest }: typeof axiosDefaults) => ({
      ...rest,
      statuses: [199, 200, 204, 299, 300, 404, 500].map((status) => validateStatus?.(status)),
    })
    expect(omit(slimDefaults)).toEqual(omit(axiosDefaults))
  })

  it('refuses form bodies rather than sending them as something else', () => {
    const form = new FormData()
    form.append('a', '1')
    for (const [body, contentType] of [
      [form, undefined],
      [new URLSearchParams('a=1'), undefined],
      [{ a: 1 }, 'application/x-www-form-urlencoded'],
      [{ a: 1 }, 'multipart/form-data'],
    ] as const)
      expect(() => transform(slimDefaults, body, contentType)).toThrow(/not supported by this build/)
  })
})
