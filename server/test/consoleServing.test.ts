import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib'
import { after, before, describe, test } from 'node:test'
import { createTestApp, type TestApp } from './support/testApp'

// A console build as scripts/consoleBuild.ts writes it: index.html, hashed chunks under assets/ with .br siblings.
const INDEX_HTML =
  '<!doctype html><title>Life Pay 运营后台</title><script type="module" src="/console/assets/main.ABCDEF12.js"></script>'
const MAIN_JS = `console.log(${'"console" + '.repeat(300)}1)`

let t: TestApp
let consoleDir: string
before(async () => {
  consoleDir = mkdtempSync(join(tmpdir(), 'life-pay-console-'))
  mkdirSync(join(consoleDir, 'assets'))
  writeFileSync(join(consoleDir, 'index.html'), INDEX_HTML)
  writeFileSync(join(consoleDir, '.build-stamp'), 'now')
  writeFileSync(join(consoleDir, 'assets', 'main.ABCDEF12.js'), MAIN_JS)
  writeFileSync(join(consoleDir, 'assets', 'main.ABCDEF12.js.br'), brotliCompressSync(MAIN_JS))
  t = await createTestApp({ config: { consoleDir, staticDir: null } })
})
after(async () => {
  await t.close()
  rmSync(consoleDir, { recursive: true, force: true })
})

describe('the operator console at /console', () => {
  test('every console address a browser opens gets its index.html, revalidated each time', async () => {
    for (const url of ['/console', '/console/', '/console/orders', '/console/orders/LP20261125000001?tab=timeline']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } })
      assert.equal(response.statusCode, 200, url)
      assert.equal(response.body, INDEX_HTML, url)
      assert.equal(response.headers['cache-control'], 'no-cache', url)
      assert.match(String(response.headers['content-security-policy']), /frame-ancestors 'none'/, url)
    }
  })

  test('hashed assets are cached for good and sent precompressed', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/console/assets/main.ABCDEF12.js',
      headers: { 'accept-encoding': 'br' },
    })
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable')
    assert.equal(response.headers['content-encoding'], 'br')
    assert.equal(brotliDecompressSync(response.rawPayload).toString(), MAIN_JS)
  })

  test('a missing asset or a file outside assets/ is a 404 in the envelope, never the page', async () => {
    for (const url of ['/console/assets/gone.12345678.js', '/console/.build-stamp', '/console/index.html']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: '*/*' } })
      assert.equal(response.statusCode, 404, url)
      assert.equal(response.json().error, 'NOT_FOUND', url)
    }
  })

  test('without a console build there is no /console', async () => {
    const bare = await createTestApp({ config: { consoleDir: null, staticDir: null } })
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/console/', headers: { accept: 'text/html' } })
      assert.equal(response.statusCode, 404)
    } finally {
      await bare.close()
    }
  })
})
