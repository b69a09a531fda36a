// npm run bench:size [-- --no-build]: production builds for weapp, alipay and h5 (one at a time, under the build
// lock), the same three of the empty floor app (bench/floor/app) and the operator console, then the package and
// first-load tables of bench/size/sizeReport.ts (the same as `npm run size`) and issue 21's targets beside the floor.
import { join } from 'node:path'
import { buildConsole } from '../scripts/consoleBuild'
import { floorSizeSection, measureSizes } from './floor/floorSizes'
import { buildLocked, type BuildTarget } from './taroBuild'
import { sizeReport } from './size/sizeReport'

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) {
    for (const target of ['weapp', 'alipay', 'h5'] as BuildTarget[]) {
      buildLocked(target)
      // The floor in the same run, with the same config and toolchain.
      buildLocked(target, { floor: true })
    }
    await buildConsole()
  }
  const dist = join(__dirname, '..', 'dist')
  console.log(`## Size\n\n${sizeReport(dist).text}`)
  console.log(`\n${floorSizeSection(measureSizes(dist), measureSizes(join(dist, 'floor')))}`)
}

void main()
