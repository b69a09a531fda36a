import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

export type MiniPlatform = 'weapp' | 'alipay'

export interface MiniPackage {
  /** 'main' or the subpackage root, e.g. 'subpackages/recharge'. */
  name: string
  bytes: number
}

export interface MiniSizes {
  platform: MiniPlatform
  packages: MiniPackage[]
  /** The main package's files, largest first. */
  mainFiles: { path: string; bytes: number }[]
}

// Not uploaded: the devtools' upload keeps only whitelisted file types (no .txt) and the project files are its own.
const NOT_UPLOADED = [
  /\.LICENSE\.txt$/,
  /^project\.config\.json$/,
  /^project\.private\.config\.json$/,
  /^mini\.project\.json$/,
]

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

/**
 * Package sizes as the vendors count them: raw bytes of every uploaded file, a file belonging to the subpackage
 * whose root it lies under (app.json's subPackages) and to the main package otherwise.
 */
export function measureMiniPackages(dist: string, platform: MiniPlatform): MiniSizes {
  const appJson = join(dist, 'app.json')
  if (!existsSync(appJson)) throw new Error(`${appJson} is missing: build ${platform} first`)
  const app = JSON.parse(readFileSync(appJson, 'utf8')) as {
    subPackages?: { root: string }[]
    subpackages?: { root: string }[]
  }
  const roots = (app.subPackages ?? app.subpackages ?? []).map((p) => p.root.replace(/\/$/, ''))
  const bytes = new Map<string, number>([['main', 0], ...roots.map((root) => [root, 0] as [string, number])])
  const mainFiles: MiniSizes['mainFiles'] = []
  for (const file of filesUnder(dist)) {
    const path = relative(dist, file).replace(/\\/g, '/')
    if (NOT_UPLOADED.some((pattern) => pattern.test(path))) continue
    const size = statSync(file).size
    const root = roots.find((r) => path.startsWith(`${r}/`)) ?? 'main'
    bytes.set(root, (bytes.get(root) ?? 0) + size)
    if (root === 'main') mainFiles.push({ path, bytes: size })
  }
  return {
    platform,
    packages: [...bytes].map(([name, size]) => ({ name, bytes: size })),
    mainFiles: mainFiles.sort((a, b) => b.bytes - a.bytes),
  }
}
