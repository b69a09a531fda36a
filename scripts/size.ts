/**
 * Package sizes of the production builds, as the vendors count them (raw bytes of every file in the package),
 * and the H5 first load (the scripts and styles index.html loads, raw and gzip).
 * `--check` exits 1 when a package is over its budget in config/sizeBudgets.json.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import budgets from '../config/sizeBudgets.json'

const ROOT = join(__dirname, '..')
const check = process.argv.includes('--check')
const failures: string[] = []

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : [path]
  })
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1)

function miniPackages(platform: 'weapp' | 'alipay') {
  const dist = join(ROOT, 'dist', platform)
  if (!existsSync(join(dist, 'app.json'))) {
    failures.push(`dist/${platform} is missing: build it first`)
    return
  }
  const app = JSON.parse(readFileSync(join(dist, 'app.json'), 'utf8')) as { subPackages?: { root: string }[] }
  const roots = (app.subPackages ?? []).map((p) => p.root)
  const sizes = new Map<string, number>([['main', 0], ...roots.map((r) => [r, 0] as [string, number])])
  const mainFiles: [string, number][] = []
  for (const file of files(dist)) {
    const rel = relative(dist, file).replace(/\\/g, '/')
    if (rel.endsWith('.LICENSE.txt') || rel === 'project.config.json' || rel === 'mini.project.json') continue
    const size = statSync(file).size
    const root = roots.find((r) => rel.startsWith(`${r}/`))
    sizes.set(root ?? 'main', (sizes.get(root ?? 'main') ?? 0) + size)
    if (!root) mainFiles.push([rel, size])
  }
  console.log(`\n${platform}: package sizes (KiB, raw)`)
  for (const [name, size] of sizes) {
    const budget = name === 'main' ? budgets.miniMainPackageKiB : budgets.miniSubpackageKiB
    const over = size / 1024 > budget
    console.log(`  ${name.padEnd(28)} ${kib(size).padStart(8)}  budget ${budget}${over ? '  OVER' : ''}`)
    if (over) failures.push(`${platform} ${name} is ${kib(size)} KiB, over its ${budget} KiB budget`)
  }
  console.log(`  largest files of the main package:`)
  for (const [rel, size] of mainFiles.sort((a, b) => b[1] - a[1]).slice(0, 5)) {
    console.log(`    ${rel.padEnd(32)} ${kib(size).padStart(8)}`)
  }
}

function h5FirstLoad() {
  const dist = join(ROOT, 'dist', 'h5')
  const indexHtml = join(dist, 'index.html')
  if (!existsSync(indexHtml)) {
    failures.push('dist/h5 is missing: build it first')
    return
  }
  const html = readFileSync(indexHtml, 'utf8')
  const assets = [...html.matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1])
  let js = 0
  let jsGzip = 0
  let css = 0
  let cssGzip = 0
  for (const asset of assets) {
    const body = readFileSync(join(dist, asset))
    const gz = gzipSync(body, { level: 9 }).length
    if (asset.endsWith('.js')) {
      js += body.length
      jsGzip += gz
    } else {
      css += body.length
      cssGzip += gz
    }
  }
  const over = jsGzip / 1024 > budgets.h5FirstLoadJsGzipKiB
  console.log('\nh5: first load (index.html scripts and styles, KiB)')
  console.log(`  JS   raw ${kib(js).padStart(8)}  gzip ${kib(jsGzip).padStart(7)}  budget ${budgets.h5FirstLoadJsGzipKiB}${over ? '  OVER' : ''}`)
  console.log(`  CSS  raw ${kib(css).padStart(8)}  gzip ${kib(cssGzip).padStart(7)}`)
  if (over) failures.push(`H5 first-load JS is ${kib(jsGzip)} KiB gzip, over its ${budgets.h5FirstLoadJsGzipKiB} KiB budget`)
}

miniPackages('weapp')
miniPackages('alipay')
h5FirstLoad()
if (failures.length) {
  console.log(`\n${failures.join('\n')}`)
  if (check) process.exit(1)
}
