/**
 * Package sizes of the production builds (dist/weapp, dist/alipay, dist/h5) as the vendors count them, and the H5
 * first load per page; the measuring lives in bench/size (shared with `npm run bench:size`).
 * `--check` exits 1 when a package is over its budget in config/sizeBudgets.json or a build is missing.
 */
import { join } from 'node:path'
import { sizeReport } from '../bench/size/sizeReport'

const report = sizeReport(join(__dirname, '..', 'dist'))
console.log(report.text)
if (report.failures.length && process.argv.includes('--check')) process.exit(1)
