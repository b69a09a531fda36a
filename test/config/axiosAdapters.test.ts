import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { AxiosError } from 'axios'
import adapters from '../../config/axiosAdapters'
import { onlyPassedAdapter } from '../../config/axiosAdaptersLoader'
import { http } from '../../src/services/http/instance'

// The builds take axios's lib/ sources (ES modules); jest runs axios's own CommonJS bundle, whose AxiosError class is
// the one the replacement throws in the build.
jest.mock('axios/unsafe/core/AxiosError.js', () => ({
  __esModule: true,
  default: jest.requireActual('axios').AxiosError,
}))

const axiosAdaptersJs = readFileSync(join(__dirname, '../../node_modules/axios/lib/adapters/adapters.js'), 'utf8')

describe("axios's adapters.js in the app builds (config/axiosAdaptersLoader.js)", () => {
  it("becomes config/axiosAdapters.js while axios's file has the shape that replacement was written for", () => {
    expect(onlyPassedAdapter(axiosAdaptersJs)).toBe(
      `export { default } from ${JSON.stringify(join(__dirname, '../../config/axiosAdapters.js'))}\n`,
    )
  })

  it('fails the build when axios changes the file: another adapter, another import, another export', () => {
    const withAnotherAdapter = axiosAdaptersJs.replace('xhr: xhrAdapter,', 'xhr: xhrAdapter,\n  beacon: beaconAdapter,')
    const withAnotherImport = axiosAdaptersJs.replace(
      "import xhrAdapter from './xhr.js';",
      "import xhrAdapter from './xhr.js';\nimport beaconAdapter from './beacon.js';",
    )
    const withAnotherExport = axiosAdaptersJs.replace(
      'adapters: knownAdapters,',
      'adapters: knownAdapters,\n  isKnown,',
    )
    for (const changed of [withAnotherAdapter, withAnotherImport, withAnotherExport]) {
      expect(changed).not.toBe(axiosAdaptersJs)
      expect(() => onlyPassedAdapter(changed)).toThrow(/axios's lib\/adapters\/adapters\.js changed shape/)
    }
  })
})

describe('the adapter axios runs (config/axiosAdapters.js)', () => {
  it('is the one src/services/http/instance.ts configures', () => {
    const configured = http.defaults.adapter
    expect(typeof configured).toBe('function')
    expect(adapters.getAdapter(configured)).toBe(configured)
    // axios's own rule: null and false are adapters turned off, skipped for the next.
    expect(adapters.getAdapter([null, false, configured])).toBe(configured)
  })

  it('refuses an adapter by name at once, naming it, instead of sending the request some other way', () => {
    const refusal = (() => {
      try {
        adapters.getAdapter(['xhr', 'fetch'])
      } catch (error) {
        return error
      }
    })()
    expect(refusal).toBeInstanceOf(AxiosError)
    expect(refusal).toMatchObject({ code: AxiosError.ERR_NOT_SUPPORT, message: expect.stringMatching(/'xhr'/) })
    expect(() => adapters.getAdapter([])).toThrow(/no suitable adapter/)
  })
})
