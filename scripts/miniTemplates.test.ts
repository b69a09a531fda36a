// node --import tsx --test scripts/*.test.ts
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { after, test } from 'node:test'
import { checkMiniTemplates, parseSjs, templateExpressionProblem } from './miniTemplates'

const scratch = mkdtempSync(join(tmpdir(), 'mini-templates-'))
after(() => rmSync(scratch, { recursive: true, force: true }))

let builds = 0
/** A build folder holding `files`; `changes` replace or (null) remove files of it. */
function build(files: Record<string, string>, changes: Record<string, string | null> = {}): string {
  const dist = join(scratch, String(builds++))
  for (const [path, text] of Object.entries({ ...files, ...changes })) {
    if (text === null) continue
    mkdirSync(dirname(join(dist, path)), { recursive: true })
    writeFileSync(join(dist, path), text)
  }
  return dist
}

// the shape Taro gives a build: pages that import a shared template file, which uses a script module
const weapp: Record<string, string> = {
  'app.json': JSON.stringify({
    pages: ['pages/index/index'],
    subPackages: [
      { root: 'sub', pages: ['a/a'] },
      { root: 'other', pages: ['b/b'] },
    ],
  }),
  'app.js': '',
  'app.wxss': '@import "./common.wxss";\n.app { color: red }',
  'common.wxss': '.c { margin: 0 }',
  'utils.wxs': "module.exports = { cls: function (i) { return i.cl || '' } }",
  'base.wxml':
    '<wxs module="xs" src="./utils.wxs" />\n<template name="tmpl">\n' +
    '  <view class="{{xs.cls(i)}}" wx:for="{{i.cn}}" wx:key="sid" data-n="{{index < 3 ? \'a\' : \'b\'}}">{{item.v}}</view>\n</template>',
  'comp.js': '',
  'comp.json': JSON.stringify({ component: true, usingComponents: { comp: './comp' } }),
  'comp.wxml': '<import src="./base.wxml" />\n<template is="tmpl" data="{{i:i, c: 1, ...rest}}" />',
  'pages/index/index.js': '',
  'pages/index/index.json': JSON.stringify({ usingComponents: { comp: '../../comp' } }),
  'pages/index/index.wxml':
    '<import src="../../base.wxml" />\n<template is="tmpl" data="{{i:root}}" />\n<comp wx:if="{{show}}" /><view wx:else>…</view>',
  'pages/index/index.wxss': '.page { padding: 10rpx }',
  'sub/a/a.js': '',
  'sub/a/a.json': '{}',
  'sub/a/a.wxml': '<import src="/base.wxml" />\n<template is="tmpl" data="{{i:root}}" />',
  'sub/a/a.wxss': '@import "../sub-common.wxss";',
  'sub/sub-common.wxss': '.s { margin: 0 }',
  'other/b/b.js': '',
  'other/b/b.json': '{}',
  'other/b/b.wxml': '<view>b</view>',
  'other/b/b.wxss': '',
}

const alipay: Record<string, string> = {
  'app.json': JSON.stringify({ pages: ['pages/index/index'], subPackages: [{ root: 'sub', pages: ['a/a'] }] }),
  'app.js': '',
  'app.acss': '@import "./common.acss";\n.app { color: red }',
  'common.acss': '.c { margin: 0 }',
  'helpers.sjs': 'const or = (a, b) => a || b;\nexport default { or };\nexport const x = 1;',
  'utils.sjs':
    "import helpers from './helpers.sjs';\nexport default {\n  cls: function (i) { return helpers.or(i.cl, '') },\n}",
  'base.axml':
    '<import-sjs name="xs" from="./utils.sjs" />\n<import-sjs name="{ x: y }" from="./helpers.sjs" />\n<template name="tmpl">\n' +
    '  <view a:for="{{i.cn}}" a:key="sid" class="{{xs.cls(item)}} {{y}}" onTap="eh">{{item.v}}</view>\n</template>',
  'pages/index/index.js': '',
  'pages/index/index.json': JSON.stringify({ usingComponents: {} }),
  'pages/index/index.axml':
    '<import src="../../base.axml"/>\n<template is="tmpl" data="{{i:root}}" />\n<view a:if="{{a}}">1</view>\n<view a:elif="{{b}}">2</view>\n<view a:else>3</view>',
  'pages/index/index.acss': '.page { padding: 10rpx }',
  'sub/a/a.js': '',
  'sub/a/a.json': '{}',
  'sub/a/a.axml': '<include src="./part.axml" />',
  'sub/a/part.axml': '<view>{{ {a: 1}.a }}</view>',
  'sub/a/a.acss': '',
}

const problemsOf = (dist: string, target: 'weapp' | 'alipay') => checkMiniTemplates(dist, target).problems
const hasProblem = (problems: string[], pattern: RegExp) =>
  assert.ok(
    problems.some((problem) => pattern.test(problem)),
    `expected a problem matching ${pattern}, got:\n${problems.join('\n') || '(none)'}`,
  )

test('template expressions follow the grammar wcc accepts', () => {
  for (const ok of [
    'a ? b : c',
    'x[0].y',
    'f(1, 2)',
    '"s" + 1',
    '!a && b || c',
    '-a',
    '~a',
    '[1, 2]',
    ' {a: 1, ...b} ',
    '(a)',
    '.5',
    'a.class',
    '',
  ])
    assert.equal(templateExpressionProblem(ok), null, ok)
  for (const bad of [
    'a = 1',
    '() => 1',
    '`x`',
    'new Date()',
    'a++',
    'typeof a',
    '+a',
    'a >>> 1',
    'a in b',
    '1e3',
    '0x10',
    'a?.b',
    'a ?? b',
    '/re/.test(a)',
    '[...a]',
    '[a,]',
    'f(a,)',
    '{"a-b": 1}',
    'a, b',
    'a +',
  ])
    assert.notEqual(templateExpressionProblem(bad), null, bad)
  assert.notEqual(templateExpressionProblem('i: item'), null)
  assert.equal(templateExpressionProblem('i: item, c: 1, ...rest', { bracelessObject: true }), null)
  assert.equal(templateExpressionProblem('a, b', { bracelessObject: true }), null)
})

test('SJS is an ES2015 module with import/export only', () => {
  assert.deepEqual(
    parseSjs("import h from './h.sjs'\nconst f = (a) => a\nexport default { f, h }\nexport const x = 1").problems,
    [],
  )
  assert.match(parseSjs('module.exports = { a: 1 }').problems.join(), /module\.exports/)
  assert.match(parseSjs("var h = require('./h.sjs')\nexport default {}").problems.join(), /require/)
  assert.match(parseSjs("import h from './h'\nexport default h").problems.join(), /\.sjs file with its extension/)
  assert.match(parseSjs('export default { a: async () => 1 }').problems.join(), /Unexpected/)
  const named = parseSjs('export const a = 1, b = 2\nexport function c() {}\nexport default {}')
  assert.deepEqual([named.hasDefault, named.named], [true, ['a', 'b', 'c']])
})

test('weapp: a sound build passes wcc, wcsc and every reference check', () => {
  const report = checkMiniTemplates(build(weapp), 'weapp')
  assert.deepEqual(report.problems, [])
  assert.deepEqual([report.templates, report.scripts, report.styles], [5, 1, 6])
  assert.ok(report.bytes > 0)
  assert.match(
    report.summary,
    /^weapp: wcc 5 wxml \+ 1 wxs, wcsc 6 wxss — 12 files, .* KiB, .* s; 3 pages, 2 component and 4 template references checked: ok$/,
  )
})

test('app.json carries its own vendor’s keys only (issue 37, item 26)', () => {
  const withKeys = (files: Record<string, string>, extra: Record<string, unknown>) => ({
    'app.json': JSON.stringify({ ...JSON.parse(files['app.json']), ...extra }),
  })
  const alipayProblems = problemsOf(
    build(alipay, withKeys(alipay, { permission: {}, lazyCodeLoading: 'requiredComponents', animation: false })),
    'alipay',
  )
  for (const key of ['permission', 'lazyCodeLoading', 'animation'])
    hasProblem(alipayProblems, new RegExp(`^app\\.json: "${key}" is not a alipay app\\.json key`))
  const weappProblems = problemsOf(build(weapp, withKeys(weapp, { animation: false })), 'weapp')
  hasProblem(weappProblems, /^app\.json: "animation" is not a weapp app\.json key/)
  assert.deepEqual(
    problemsOf(build(weapp, withKeys(weapp, { permission: {}, lazyCodeLoading: 'requiredComponents' })), 'weapp'),
    [],
  )
})

test('weapp: wcc fails on an unclosed tag and on a bad expression, naming the file', () => {
  const unclosed = problemsOf(build(weapp, { 'pages/index/index.wxml': '<view><text>hi</view>' }), 'weapp')
  hasProblem(unclosed, /^wcc \(exit \d+\): \.\/pages\/index\/index\.wxml:1:\d+: expect end-tag `text`/)
  hasProblem(
    unclosed,
    /^pages\/index\/index\.wxml:1:\d+: end tag <\/view> where <\/text> \(opened at line 1\) was expected/,
  )
  const expression = problemsOf(build(weapp, { 'sub/a/a.wxml': '<view class="{{ a + }}">x</view>' }), 'weapp')
  hasProblem(expression, /^wcc \(exit \d+\): \.\/sub\/a\/a\.wxml:1:\d+: Bad attr `class`/)
  const unquoted = problemsOf(build(weapp, { 'comp.wxml': '<view hidden=yes />' }), 'weapp')
  hasProblem(unquoted, /^wcc .*\.\/comp\.wxml/)
  hasProblem(unquoted, /^comp\.wxml:1:\d+: <view>: the value of hidden must be quoted/)
})

test('weapp: wcc fails on a broken wxs module, wcsc on a broken stylesheet', () => {
  hasProblem(
    problemsOf(build(weapp, { 'utils.wxs': 'module.exports = { a: function( { }' }), 'weapp'),
    /^wcc \(exit \d+\): \.\/utils\.wxs:1:\d+:/,
  )
  hasProblem(
    problemsOf(build(weapp, { 'utils.wxs': 'var f = (x) => x; module.exports = { f: f }' }), 'weapp'),
    /^wcc .*\.\/utils\.wxs.*Unexpected token/,
  )
  const style = problemsOf(build(weapp, { 'common.wxss': '.c { margin: 0 ' }), 'weapp')
  hasProblem(style, /^wcsc \(exit \d+\): ERR: \.\/common\.wxss\(1:\d+\)/)
  hasProblem(style, /^common\.wxss:1:1: Unclosed block/)
})

test('weapp: references resolve, pages are complete, packages keep to themselves', () => {
  const problems = problemsOf(
    build(weapp, {
      'pages/index/index.wxml': '<import src="../../missing.wxml" />\n<template is="nowhere" />',
      'pages/index/index.wxss': null,
      'pages/index/index.json': JSON.stringify({ usingComponents: { comp: '../../comp', gone: '../../gone' } }),
      'sub/a/a.wxml': '<import src="/other/b/b.wxml" /><wxs module="m" src="./nope.wxs" />',
      'comp.json': JSON.stringify({ usingComponents: {} }),
    }),
    'weapp',
  )
  hasProblem(
    problems,
    /^pages\/index\/index\.wxml:1: <import src="\.\.\/\.\.\/missing\.wxml">: no such file in the build$/,
  )
  hasProblem(
    problems,
    /^pages\/index\/index\.wxml:2: <template is="nowhere">: defined neither here nor in a file this one imports$/,
  )
  hasProblem(problems, /^app\.json: page pages\/index\/index has no \.wxss$/)
  hasProblem(problems, /^pages\/index\/index\.json: usingComponents\.gone "\.\.\/\.\.\/gone": no component there/)
  hasProblem(
    problems,
    /^pages\/index\/index\.json: usingComponents\.comp "\.\.\/\.\.\/comp": its json does not say "component": true$/,
  )
  hasProblem(problems, /^sub\/a\/a\.wxml:1: <import src="\/other\/b\/b\.wxml">: lies in subpackage other$/)
  hasProblem(problems, /^sub\/a\/a\.wxml:1: <wxs src="\.\/nope\.wxs">: no such file in the build$/)
  hasProblem(problems, /^wcc .*nope\.wxs not found/)
})

test('alipay: a sound build parses and every reference resolves', () => {
  const report = checkMiniTemplates(build(alipay), 'alipay')
  assert.deepEqual(report.problems, [])
  assert.deepEqual([report.templates, report.scripts, report.styles], [4, 2, 4])
  assert.match(
    report.summary,
    /^alipay: parsed 4 axml \+ 2 sjs \+ 4 acss — 10 files, .*; 2 pages, 0 component and 4 template references checked: ok$/,
  )
})

test('alipay: unbalanced tags, bad attributes and bad expressions fail with file and position', () => {
  const cases: [string, RegExp][] = [
    [
      '<view><text>hi</view>',
      /^pages\/index\/index\.axml:1:15: end tag <\/view> where <\/text> \(opened at line 1\) was expected$/,
    ],
    ['<view>\n  <view>', /^pages\/index\/index\.axml:2:3: <view> is never closed$/],
    ['</view>', /end tag <\/view> without a start tag/],
    ['<view class=a />', /the value of class must be quoted/],
    ['<view class="a />', /the value of class is never closed/],
    ['<view a="1" a="2" />', /attribute a given twice/],
    ['<view>a < b</view>', /`<` in text must start a tag/],
    ['<view>{{ a + }}</view>', /^pages\/index\/index\.axml:1:14: text: \{\{ a \+ \}\}: Unexpected token$/],
    ['<view onTap="{{ () => go() }}" />', /ArrowFunctionExpression is not allowed/],
    ['<view>{{ a </view>', /`\{\{` without `\}\}`/],
    ['<view a:else>x</view>', /a:else without a a:if before it/],
    ['<!-- note', /comment `<!--` is never closed/],
  ]
  for (const [axml, pattern] of cases)
    hasProblem(problemsOf(build(alipay, { 'pages/index/index.axml': axml }), 'alipay'), pattern)
})

test('alipay: sjs and acss parse, import-sjs, import and include resolve', () => {
  hasProblem(
    problemsOf(build(alipay, { 'helpers.sjs': 'module.exports = { or: function () {} }' }), 'alipay'),
    /^helpers\.sjs: 1: module\.exports — SJS modules use export$/,
  )
  hasProblem(
    problemsOf(build(alipay, { 'utils.sjs': 'export default { a: function( { }' }), 'alipay'),
    /^utils\.sjs: Unexpected token \(1:\d+\)$/,
  )
  hasProblem(
    problemsOf(build(alipay, { 'utils.sjs': "import h from './nope.sjs'\nexport default h" }), 'alipay'),
    /^utils\.sjs:1: import '\.\/nope\.sjs': no such file in the build$/,
  )
  hasProblem(
    problemsOf(build(alipay, { 'common.acss': '.c { margin: 0' }), 'alipay'),
    /^common\.acss:1:1: Unclosed block$/,
  )
  hasProblem(
    problemsOf(build(alipay, { 'app.acss': '@import "./gone.acss";' }), 'alipay'),
    /^app\.acss:1: @import "\.\/gone\.acss": no such file in the build$/,
  )
  const refs = problemsOf(
    build(alipay, {
      'base.axml':
        '<import-sjs name="xs" from="./gone.sjs" /><import-sjs name="{ z }" from="./helpers.sjs" /><import-sjs name="named" from="./named.sjs" />',
      'named.sjs': 'export const a = 1',
      'sub/a/part.axml': null,
    }),
    'alipay',
  )
  hasProblem(refs, /^base\.axml:1: <import-sjs from="\.\/gone\.sjs">: no such file in the build$/)
  hasProblem(refs, /^base\.axml:1: <import-sjs from="\.\/helpers\.sjs">: helpers\.sjs exports no z$/)
  hasProblem(
    refs,
    /^base\.axml:1: <import-sjs from="\.\/named\.sjs">: name="named" needs an export default, which named\.sjs lacks$/,
  )
  hasProblem(refs, /^sub\/a\/a\.axml:1: <include src="\.\/part\.axml">: no such file in the build$/)
  hasProblem(
    refs,
    /^pages\/index\/index\.axml:2: <template is="tmpl">: defined neither here nor in a file this one imports$/,
  )
})
