// node --import tsx --test bench/size/*.test.ts
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { measureH5 } from './h5FirstLoad'

// A build whose home route loads a script chunk (111) and a chunk of shared styles alone (910, no script), as
// splitChunks makes them.
const BUNDLE =
  'var l={"entryPagePath":"pages/home/index"};' +
  'l.routes=[Object.assign({"path":"pages/home/index","load":function load(a,s){return[Promise.all([u.e(910),u.e(111)]).then(u.bind(u,5111)),a,s]}},{})];' +
  '__webpack_require__.u=function(a){return"js/"+a+"."+{"111":"747724c1","910":"9dcbf414"}[a]+".js"},' +
  '__webpack_require__.miniCssF=function(a){return"css/"+a+"."+{"910":"43d77102"}[a]+".css"},' +
  'u.g=function(){return this}();'

const dist = mkdtempSync(join(tmpdir(), 'life-pay-h5-size-'))
after(() => rmSync(dist, { recursive: true, force: true }))

function write(file: string, text: string): void {
  mkdirSync(join(dist, file, '..'), { recursive: true })
  writeFileSync(join(dist, file), text)
}

test('a chunk of styles alone counts its stylesheet; a chunk with neither file is an error', () => {
  write(
    'index.html',
    '<html><head><style>body{}</style><script defer src="/js/app.1a2b3c4d.js"></script></head></html>',
  )
  write('js/app.1a2b3c4d.js', BUNDLE)
  write('js/111.747724c1.js', 'console.log("home")')
  write('css/910.43d77102.css', '.lp-page{display:flex}')
  const home = measureH5(dist).routes[0]
  assert.deepEqual(home.ownChunks.files, ['css/910.43d77102.css', 'js/111.747724c1.js'])
  assert.equal(home.ownChunks.css.raw, '.lp-page{display:flex}'.length)
  rmSync(join(dist, 'css/910.43d77102.css'))
  assert.throws(() => measureH5(dist), /chunk 910 should be js\/910\.9dcbf414\.js, which is missing/)
})

test('every route is measured, home first, each with the shell and its own chunks', () => {
  const bundle =
    'var l={"entryPagePath":"pages/home/index"};' +
    'l.routes=[' +
    'Object.assign({"path":"subpackages/login/authorization/authorization","load":function load(a,s){return[u.e(222).then(u.bind(u,5222)),a,s]}},{}),' +
    'Object.assign({"path":"pages/home/index","load":function load(a,s){return[u.e(111).then(u.bind(u,5111)),a,s]}},{}),' +
    'Object.assign({"path":"subpackages/login/userPolicy/userPolicy","load":function load(a,s){return[u.e(333).then(u.bind(u,5333)),a,s]}},{})' +
    '];' +
    '__webpack_require__.u=function(a){return"js/"+a+"."+{"111":"11111111","222":"22222222","333":"33333333"}[a]+".js"},' +
    '__webpack_require__.miniCssF=function(a){return"css/"+a+"."+{}[a]+".css"},' +
    'u.g=function(){return this}();'
  write('index.html', '<html><head><script defer src="/js/app.1a2b3c4d.js"></script></head></html>')
  write('js/app.1a2b3c4d.js', bundle)
  for (const file of ['js/111.11111111.js', 'js/222.22222222.js', 'js/333.33333333.js']) write(file, 'console.log(1)')
  const routes = measureH5(dist).routes
  assert.deepEqual(
    routes.map((route) => route.path),
    ['pages/home/index', 'subpackages/login/authorization/authorization', 'subpackages/login/userPolicy/userPolicy'],
  )
  assert.deepEqual(routes[2].firstLoad.files, ['js/app.1a2b3c4d.js', 'js/333.33333333.js'])
})

test("the shell is index.html's scripts, whether tags or the preloads it starts after its first paint", () => {
  write('js/app.1a2b3c4d.js', BUNDLE)
  write('js/9870.5e6f7a8b.js', 'console.log("vendors")')
  write('js/111.747724c1.js', 'console.log("home")')
  write('css/910.43d77102.css', '.lp-page{display:flex}')
  write(
    'index.html',
    '<html><head><link rel="preload" as="script" href="/js/9870.5e6f7a8b.js" data-lp-shell>' +
      '<link rel="preload" as="script" href="/js/app.1a2b3c4d.js" data-lp-shell>' +
      '<link rel="preload" as="script" href="/js/111.747724c1.js"></head></html>',
  )
  assert.deepEqual(measureH5(dist).entry.files, ['js/9870.5e6f7a8b.js', 'js/app.1a2b3c4d.js'])
})

test('sent bytes: each file’s .br sibling where the build wrote one, the file itself where not, the document too', () => {
  const html = '<html><head><script defer src="/js/app.1a2b3c4d.js"></script></head></html>'
  write('index.html', html)
  write('js/app.1a2b3c4d.js', BUNDLE)
  write('js/app.1a2b3c4d.js.br', 'x'.repeat(40))
  write('js/111.747724c1.js', 'console.log("home")')
  write('css/910.43d77102.css', '.lp-page{display:flex}')
  const sizes = measureH5(dist)
  assert.equal(sizes.entry.sent, html.length + 40)
  assert.equal(
    sizes.routes[0].firstLoad.sent,
    html.length + 40 + '.lp-page{display:flex}'.length + 'console.log("home")'.length,
  )
  assert.equal(sizes.routes[0].ownChunks.sent, '.lp-page{display:flex}'.length + 'console.log("home")'.length)
})
