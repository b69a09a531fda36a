// npm run bench:size [-- --no-build]: production builds for weapp, alipay and h5 (one at a time, under the build
// lock) and the operator console, then the package and first-load tables of bench/size/sizeReport.ts (the same as
// `npm run size`).
import { join } from 'node:path'
import { buildConsole } from '../scripts/consoleBuild'
import { buildLocked, type BuildTarget } from './taroBuild'
import { sizeReport } from './size/sizeReport'

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) {
    for (const target of ['weapp', 'alipay', 'h5'] as BuildTarget[]) buildLocked(target)
    await buildConsole()
  }
  console.log(`## Size\n\n${sizeReport(join(__dirname, '..', 'dist')).text}`)
}

void main()
