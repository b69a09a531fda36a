/** @jest-environment node */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createContext, runInContext } from 'node:vm'
import webpack from 'webpack'
import { floorGlobals, provideFloorGlobals } from '../../config/floorGlobals'
import { scriptBuiltins } from '../../scripts/floorBuiltins'

// A module as react-query and axios write them: free AbortController and globalThis, one of them behind typeof.
const ENTRY = `
export const controller = new AbortController()
export const isServer = 'Deno' in globalThis
export const found = typeof globalThis !== 'undefined' ? globalThis : null
export const signalClass = AbortSignal
`

let dir: string
let bundle: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'life-pay-floor-globals-'))
  writeFileSync(join(dir, 'entry.js'), ENTRY)
  const plugins: unknown[] = []
  const use = (Plugin: unknown, args: unknown[] = []) =>
    void plugins.push(new (Plugin as new (...options: unknown[]) => unknown)(...args))
  provideFloorGlobals({ plugin: () => ({ use }) }, 'weapp')
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: './entry.js',
    target: ['web', 'es2017'],
    output: { path: join(dir, 'dist'), filename: 'bundle.js', library: { type: 'var', name: 'built' } },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          use: { loader: require.resolve('babel-loader'), options: { presets: [['@babel/preset-typescript']] } },
        },
      ],
    },
    plugins: plugins as webpack.WebpackPluginInstance[],
  })
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) =>
      error || stats?.hasErrors() ? reject(error ?? new Error(stats?.toString())) : resolve(),
    ),
  )
  bundle = readFileSync(join(dir, 'dist', 'bundle.js'), 'utf8')
}, 60_000)

afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Runs the bundle in a fresh realm: only the language's built-ins, and `globalThis` removed when asked. */
function run(options: { withoutGlobalThis: boolean }) {
  const context = createContext({ setTimeout })
  if (options.withoutGlobalThis) runInContext('delete globalThis.globalThis', context)
  return { exports: runInContext(`${bundle};built`, context) as Record<string, unknown>, context }
}

describe('config/floorGlobals.ts in a mini-program build', () => {
  it('provides globalThis, AbortController and AbortSignal there, and only globalThis to H5', () => {
    expect(Object.keys(floorGlobals('weapp')).sort()).toEqual(['AbortController', 'AbortSignal', 'globalThis'])
    expect(Object.keys(floorGlobals('h5'))).toEqual(['globalThis'])
  })

  it('leaves no free use of them in the bundle (the floor modules keep theirs behind typeof)', () => {
    expect(scriptBuiltins(bundle, new Set(['globalThis', 'AbortController', 'AbortSignal'])).uses).toEqual([])
  })

  it('runs on an engine with neither globalThis nor AbortController', () => {
    const { exports } = run({ withoutGlobalThis: true })
    const controller = exports.controller as AbortController
    controller.abort()
    expect(controller.signal.aborted).toBe(true)
    expect(controller.signal).toBeInstanceOf(exports.signalClass as typeof AbortSignal)
    expect(exports.isServer).toBe(false)
    expect(exports.found).toEqual({})
  })

  it('hands out the engine’s own global object where it has one', () => {
    const { exports, context } = run({ withoutGlobalThis: false })
    expect(exports.found).toBe(runInContext('globalThis', context))
  })
})
