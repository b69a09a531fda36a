// Preloaded into the server by `BENCH_PIPELINE_STATEMENTS=1 npm run bench:pipeline` (bench/pipeline.ts): counts every
// statement the `pg` driver sends, by text, from the first sandbox cashier payment (the burst's pay phase) on, and
// writes the counts as JSON to $PIPELINE_STATEMENTS_OUT when the server exits. CommonJS: a --require preload.
const { writeFileSync } = require('node:fs')
const pg = require('pg')

const counts = new Map()
let paying = false
const query = pg.Client.prototype.query
pg.Client.prototype.query = function (config, ...rest) {
  const text = typeof config === 'string' ? config : config && config.text
  if (text) {
    // The cashier's confirm locks the order's latest payment: everything before it is creating and preparing orders.
    if (!paying && /sandbox_payments/.test(text) && /for update/.test(text)) paying = true
    if (paying) {
      const key = text.replace(/\s+/g, ' ').trim()
      counts.set(key, (counts.get(key) || 0) + 1)
    }
  }
  return query.call(this, config, ...rest)
}
process.on('exit', () => {
  writeFileSync(process.env.PIPELINE_STATEMENTS_OUT, JSON.stringify(Object.fromEntries(counts)))
})
