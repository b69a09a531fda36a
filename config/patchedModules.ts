/**
 * The library files our build patches depend on (docs/architecture.md § Patches), checked when the build's config
 * loads: a module replacement whose path stops matching does nothing, in silence, so a Taro or axios upgrade that
 * moves or rewrites one of these files stops the build here, naming the patch to re-check, instead of shipping it
 * unpatched. The versions are the ones each patch was written and measured against; a new one means reading the
 * patched file again (and the patch's saving: one that no longer earns 5 KiB or 50 ms goes).
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

export interface PatchedModule {
  /** The patch, as config/index.ts and the Patches table name it. */
  patch: string
  platforms: readonly string[]
  /** Package and file inside it. */
  packageName: string
  file: string
  /** Text the patch relies on, each found in the file as it is. */
  contains: readonly string[]
}

/** Versions the patches were written against (package.json pins them exactly). */
export const PATCHED_VERSIONS: Readonly<Record<string, string>> = {
  '@tarojs/components': '4.2.0',
  '@tarojs/runtime': '4.2.0',
  '@tarojs/taro-h5': '4.2.0',
  '@tarojs/taro-loader': '4.2.0',
  '@tarojs/webpack5-runner': '4.2.0',
  axios: '1.21.1',
  platform: '1.3.6',
}

const MINI = ['weapp', 'alipay']
const ALL = ['h5', ...MINI]

export const PATCHED_MODULES: readonly PatchedModule[] = [
  {
    patch: 'onlyOurAxiosAdapter (config/axiosAdaptersLoader.js)',
    platforms: ALL,
    packageName: 'axios',
    file: 'lib/adapters/adapters.js',
    contains: ['export default {'],
  },
  {
    patch: 'dropTaroHtmlParser (config/taroInnerHtmlStub.js)',
    platforms: MINI,
    packageName: '@tarojs/runtime',
    file: 'dist/dom-external/inner-html/html.js',
    contains: ['export { setInnerHTML }'],
  },
  {
    patch: 'copyToastOnDemand (config/h5CopyToastOnDemand.js)',
    platforms: ['h5'],
    packageName: '@tarojs/taro-h5',
    file: 'dist/api/device/clipboard.js',
    contains: ["import { showToast } from '../ui/interaction/index.js'"],
  },
  {
    patch: 'lightPlatformParser (config/h5PlatformStub.js)',
    platforms: ['h5'],
    packageName: 'platform',
    file: 'platform.js',
    contains: [],
  },
  {
    patch: 'h5StagedBoot (config/h5StagedBootLoader.js)',
    platforms: ['h5'],
    packageName: '@tarojs/taro-loader',
    file: 'lib/h5.js',
    contains: [],
  },
]

function packageRoot(packageName: string): string {
  return dirname(require.resolve(`${packageName}/package.json`, { paths: [__dirname] }))
}

/** Throws, naming the patch, unless every patched file of `platform` is where and what its patch expects. */
export function checkPatchedModules(
  platform: string,
  modules: readonly PatchedModule[] = PATCHED_MODULES,
  versions: Readonly<Record<string, string>> = PATCHED_VERSIONS,
): void {
  const problems: string[] = []
  for (const [name, expected] of Object.entries(versions)) {
    const { version } = JSON.parse(readFileSync(join(packageRoot(name), 'package.json'), 'utf8')) as { version: string }
    if (version !== expected) problems.push(`${name} is ${version}, the patches were written for ${expected}`)
  }
  for (const module of modules.filter((m) => m.platforms.includes(platform))) {
    const path = join(packageRoot(module.packageName), module.file)
    let source: string
    try {
      source = readFileSync(path, 'utf8')
    } catch {
      problems.push(`${module.patch}: ${module.packageName}/${module.file} is gone`)
      continue
    }
    const missing = module.contains.filter((text) => !source.includes(text))
    if (missing.length)
      problems.push(`${module.patch}: ${module.packageName}/${module.file} no longer has ${missing.join(', ')}`)
  }
  if (problems.length)
    throw new Error(
      `A patched library changed (config/patchedModules.ts; re-check each patch in docs/architecture.md § Patches):\n- ${problems.join('\n- ')}`,
    )
}
