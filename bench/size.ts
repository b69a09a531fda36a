// npm run bench:size [-- --no-build]: production builds for weapp, alipay and h5 (one at a time, under the build
// lock), then the package and first-load tables of bench/size/sizeReport.ts (the same as `npm run size`).
import { join } from 'node:path'
import { buildLocked, type BuildTarget } from './taroBuild'
import { sizeReport } from './size/sizeReport'

if (!process.argv.includes('--no-build')) {
  for (const target of ['weapp', 'alipay', 'h5'] as BuildTarget[]) buildLocked(target)
}
console.log(`## Size\n\n${sizeReport(join(__dirname, '..', 'dist')).text}`)
