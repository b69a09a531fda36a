// node --import tsx --test bench/size/*.test.ts
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parseChunkFiles, parseEntryPagePath, parseRouteTable, readExpression } from './webpackRouteTable'

// The shape Taro 4's H5 build emits today (minified app bundle, abridged).
const TARO_BUNDLE =
  'var l={router:{"mode":"browser"},"entryPagePath":"pages/home/index","pages":["pages/home/index"]};' +
  'l.routes=[Object.assign({"path":"pages/home/index","load":function load(a,s){return[u.e(111).then(u.bind(u,5111)),a,s]}},{}),' +
  'Object.assign({"path":"subpackages/recharge/phoneBillRecharge/phoneBillRecharge","load":function load(a,s){return[Promise.all([u.e(700),u.e(241)]).then(u.bind(u,9639)),a,s]}},{})];' +
  '__webpack_require__.u=function(a){return"js/"+a+"."+{"111":"747724c1","241":"7cfad83f","700":"2972db9a"}[a]+".js"},' +
  '__webpack_require__.miniCssF=function(a){return"css/"+a+"."+{"111":"e3e24f17","241":"2f59f902"}[a]+".css"},' +
  'u.g=function(){return this}();'

test('reads each route with every chunk its load fetches', () => {
  assert.deepEqual(parseRouteTable(TARO_BUNDLE), [
    { path: 'pages/home/index', chunkIds: ['111'] },
    { path: 'subpackages/recharge/phoneBillRecharge/phoneBillRecharge', chunkIds: ['700', '241'] },
  ])
  assert.equal(parseEntryPagePath(TARO_BUNDLE), 'pages/home/index')
})

test('reads routes written with unquoted keys and arrow functions', () => {
  const bundle =
    '[{path:"pages/a/a",load:()=>Promise.all([r.e("vendors"),r.e(12)]).then(r.bind(r,3))},{path:"pages/b/b",load:()=>r.e(13)}]'
  assert.deepEqual(parseRouteTable(bundle), [
    { path: 'pages/a/a', chunkIds: ['vendors', '12'] },
    { path: 'pages/b/b', chunkIds: ['13'] },
  ])
})

test('a chunk id a minifier wrote in exponent form ("7e3") is the id the runtime’s tables key (7000)', () => {
  const bundle =
    '[{path:"pages/a/a",load:()=>Promise.all([r.e(7e3),r.e("7e3"),r.e(12)]).then(r.bind(r,3))}];' +
    'r.u=function(a){return"js/"+a+"."+{7e3:"aaaa1111",12:"bbbb2222","7e3":"cccc3333"}[a]+".js"},' +
    'r.f.miniCss=function(o,u){a[o]?u.push(a[o]):0!==a[o]&&{7e3:1}[o]&&u.push(a[o]=loadStylesheet(o))};' +
    'r.miniCssF=function(a){return"css/"+a+".css"},'
  const [route] = parseRouteTable(bundle)
  assert.deepEqual(route.chunkIds, ['7000', '7e3', '12'])
  const files = parseChunkFiles(bundle, '12')
  assert.equal(files.script('7000'), 'js/7000.aaaa1111.js')
  assert.equal(files.script('7e3'), 'js/7e3.cccc3333.js')
  assert.equal(files.stylesheet('7000'), 'css/7000.css')
  assert.equal(files.stylesheet('12'), null)
})

test('a bundle without a route table has no routes; a route that loads nothing is an error', () => {
  assert.deepEqual(parseRouteTable('!function(){console.log("hi")}()'), [])
  assert.throws(() => parseRouteTable('{"path":"pages/a/a","load":function(){return null}}'), /fetches no chunk/)
})

test('evaluates the runtime chunk-file functions; a chunk without styles has none', () => {
  const files = parseChunkFiles(TARO_BUNDLE, '111')
  assert.equal(files.script('241'), 'js/241.7cfad83f.js')
  assert.equal(files.stylesheet('241'), 'css/241.2f59f902.css')
  assert.equal(files.stylesheet('700'), null)
  assert.throws(() => parseChunkFiles('u.g=function(){return this}();', '111'), /\.u chunk-file function was not found/)
})

test("reads which chunks have styles from mini-css-extract's loader, not from the file-name function", () => {
  // Every page's styles in one chunk (config/index.ts): the file-name function names that file whatever the id.
  const bundle =
    TARO_BUNDLE.replace(/__webpack_require__\.miniCssF=.*?\.css"\},/, '') +
    '__webpack_require__.miniCssF=function(a){return"css/pages.cab92c5e.css"};' +
    '__webpack_require__.f.miniCss=function(o,u){a[o]?u.push(a[o]):0!==a[o]&&{"237":1}[o]&&u.push(a[o]=loadStylesheet(o))};'
  const files = parseChunkFiles(bundle, '111')
  assert.equal(files.stylesheet('237'), 'css/pages.cab92c5e.css')
  assert.equal(files.stylesheet('111'), null)
  assert.equal(files.stylesheet('241'), null)
  // The per-chunk build's loader lists its own styled chunks.
  const perChunk = parseChunkFiles(`${TARO_BUNDLE}u.f.miniCss=(o,u)=>{{"111":1,"241":1}[o]&&u.push(o)};`, '111')
  assert.equal(perChunk.stylesheet('241'), 'css/241.2f59f902.css')
  assert.equal(perChunk.stylesheet('700'), null)
})

test('an expression ends at its own comma, not at one inside brackets or strings', () => {
  const source = 'x=function(a){return{"a,b":[1,2]}[a]},y=2'
  assert.equal(readExpression(source, 2), 'function(a){return{"a,b":[1,2]}[a]}')
})
