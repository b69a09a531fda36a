/**
 * npm run mini:templates — the templates, template scripts and styles of the mini-program builds are compiled or
 * parsed the way the vendors' tools would, so a broken template fails CI instead of an upload or a blank page.
 * - dist/weapp: WeChat's own compilers from `miniprogram-compiler` — wcc on every .wxml and .wxs, wcsc on every
 *   .wxss — with the arguments the WeChat devtools pass them.
 * - dist/alipay: Alipay ships no compiler we can run offline, so .axml is parsed strictly here (balanced tags,
 *   quoted attributes, `{{ }}` in the template expression grammar wcc accepts), .sjs with acorn as the ES2015 module
 *   that Alipay's SJS is (import/export only), and .acss with postcss.
 * Both builds: every import/include/wxs/import-sjs/@import target exists and lies in the same package or the main
 * one, every page of app.json has its four files, every `usingComponents` path is a component, and every static
 * `<template is>` names a template the file defines or imports.
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, extname, join, relative, sep } from 'node:path'
import { parse, parseExpressionAt } from 'acorn'
import postcss from 'postcss'

export type MiniTarget = 'weapp' | 'alipay'

interface Dialect {
  template: string
  script: string
  style: string
  /** directive prefix: wx:if / a:if */
  directive: string
}

const DIALECTS: Record<MiniTarget, Dialect> = {
  weapp: { template: '.wxml', script: '.wxs', style: '.wxss', directive: 'wx:' },
  alipay: { template: '.axml', script: '.sjs', style: '.acss', directive: 'a:' },
}

// The keys each vendor's app.json knows (WeChat: 全局配置 reference; Alipay: app.json 全局配置): another vendor's key
// is at best ignored, at worst refused by the vendor's uploader; a key neither knows (Taro's H5 `animation`) is H5's.
const APP_JSON_KEYS: Record<MiniTarget, readonly string[]> = {
  weapp: [
    'entryPagePath',
    'pages',
    'window',
    'tabBar',
    'networkTimeout',
    'debug',
    'functionalPages',
    'subpackages',
    'subPackages',
    'workers',
    'requiredBackgroundModes',
    'requiredPrivateInfos',
    'plugins',
    'preloadRule',
    'resizable',
    'usingComponents',
    'permission',
    'sitemapLocation',
    'style',
    'useExtendedLib',
    'entranceDeclare',
    'darkmode',
    'themeLocation',
    'lazyCodeLoading',
    'singlePage',
    'supportedMaterials',
    'serviceProviderTicket',
    'embeddedAppIdList',
    'halfPage',
    'debugOptions',
    'enablePassiveEvent',
    'resolveAlias',
    'renderer',
    'rendererOptions',
    'componentFramework',
    'componentPlaceholder',
  ],
  alipay: [
    'entryPagePath',
    'pages',
    'window',
    'tabBar',
    'subPackages',
    'preloadRule',
    'plugins',
    'usingComponents',
    'useDynamicPlugins',
  ],
}

/** The keys of `app` that `target`'s app.json does not know. */
export function foreignAppJsonKeys(app: Record<string, unknown>, target: MiniTarget): string[] {
  return Object.keys(app).filter((key) => !APP_JSON_KEYS[target].includes(key))
}

export interface MiniTemplatesReport {
  target: MiniTarget
  templates: number
  scripts: number
  styles: number
  bytes: number
  ms: number
  problems: string[]
  summary: string
}

// ---------------------------------------------------------------------------------------------------------------
// Template expressions: the grammar wcc accepts (probed on wcc v0.5vv_20200413): member access, calls, ?:, binary
// and logical operators, ! - ~, parentheses, array and object literals (plain-name keys, object spread), decimal
// numbers and strings. No assignment, ++, functions, `new`, typeof/void/delete/unary +, `in`/`instanceof`/`>>>`,
// `?.`/`??`, template or regex literals, hex or exponent numbers, trailing commas. Template `data` alone may drop
// the object's braces: data="{{a: 1, b, ...c}}". The tag grammar is stricter than wcc in two places that only a
// typo produces: an attribute given twice, and attributes not separated by white space.

type AstNode = { type: string; start: number; end: number; [key: string]: unknown }

function children(node: AstNode): AstNode[] {
  return Object.entries(node).flatMap(([key, value]) => {
    if (key === 'loc') return []
    const items = Array.isArray(value) ? value : [value]
    return items.filter(
      (item): item is AstNode => !!item && typeof item === 'object' && typeof (item as AstNode).type === 'string',
    )
  })
}

function walk(node: AstNode, visit: (node: AstNode, parent: AstNode | null) => void, parent: AstNode | null = null) {
  visit(node, parent)
  for (const child of children(node)) walk(child, visit, node)
}

const EXPRESSION_NODES = new Set([
  'Identifier',
  'Literal',
  'ThisExpression',
  'MemberExpression',
  'CallExpression',
  'ConditionalExpression',
  'BinaryExpression',
  'LogicalExpression',
  'UnaryExpression',
  'ArrayExpression',
  'ObjectExpression',
  'Property',
  'SpreadElement',
  'ParenthesizedExpression',
])

/** `[a,]`, `{a: 1,}`, `f(a,)`: wcc rejects the trailing comma that JavaScript allows. */
function trailingComma(text: string, node: AstNode): boolean {
  if (!['ArrayExpression', 'ObjectExpression', 'CallExpression'].includes(node.type)) return false
  return /,\s*$/.test(text.slice(node.start, node.end - 1))
}

export interface ExpressionProblem {
  message: string
  /** index in the expression's text */
  at: number
}

function expressionProblem(text: string, root: AstNode): ExpressionProblem | null {
  let found: ExpressionProblem | null = null
  walk(root, (node, parent) => {
    if (found) return
    let message: string | null = null
    if (!EXPRESSION_NODES.has(node.type)) message = `${node.type} is not allowed in a template expression`
    else if (node.type === 'Literal' && node.regex) message = 'regular expression literals are not allowed'
    else if (node.type === 'Literal' && typeof node.value === 'number' && !/^(\d+\.?\d*|\.\d+)$/.test(String(node.raw)))
      message = `number ${String(node.raw)}: only decimal numbers without exponent`
    else if (node.type === 'UnaryExpression' && !['!', '-', '~'].includes(node.operator as string))
      message = `unary \`${String(node.operator)}\` is not allowed`
    else if (node.type === 'BinaryExpression' && ['in', 'instanceof', '>>>', '**'].includes(node.operator as string))
      message = `\`${String(node.operator)}\` is not allowed`
    else if (node.type === 'LogicalExpression' && node.operator === '??') message = '`??` is not allowed'
    else if ((node.type === 'MemberExpression' || node.type === 'CallExpression') && node.optional)
      message = '`?.` is not allowed'
    else if (
      node.type === 'Property' &&
      (node.computed || node.method || node.kind !== 'init' || (node.key as AstNode).type !== 'Identifier')
    )
      message = 'object keys must be plain names'
    else if (node.type === 'SpreadElement' && parent?.type !== 'ObjectExpression')
      message = 'spread only inside an object'
    else if (node.type === 'ArrayExpression' && (node.elements as unknown[]).includes(null))
      message = 'holes in an array literal'
    else if (trailingComma(text, node)) message = 'trailing comma'
    if (message) found = { message, at: node.start }
  })
  return found
}

/** null when `source` (the text between `{{` and `}}`) is a valid template expression, else what and where not. */
export function templateExpressionProblem(source: string, { bracelessObject = false } = {}): ExpressionProblem | null {
  if (!source.trim()) return null // `{{}}` renders nothing; wcc accepts it
  const attempt = (text: string): ExpressionProblem | null => {
    let node: AstNode
    try {
      node = parseExpressionAt(text, 0, { ecmaVersion: 2018, preserveParens: true }) as unknown as AstNode
    } catch (error) {
      return { message: (error as Error).message.replace(/ \(\d+:\d+\)$/, ''), at: (error as { pos: number }).pos }
    }
    const rest = text.slice(node.end)
    if (rest.trim()) return { message: `unexpected \`${rest.trim().slice(0, 20)}\``, at: node.end + rest.search(/\S/) }
    return expressionProblem(text, node)
  }
  // template data="{{a: 1, b, ...c}}" is an object without its braces
  if (bracelessObject && attempt(`{${source}}`) === null) return null
  return attempt(source)
}

/** Index of the `}}` that closes a `{{` whose expression starts at `from` (quotes skipped), or -1. */
function closingBraces(text: string, from: number): number {
  let quote: string | null = null
  for (let i = from; i < text.length; i++) {
    const char = text[i]
    if (quote) {
      if (char === '\\') i++
      else if (char === quote) quote = null
    } else if (char === '"' || char === "'") quote = char
    else if (char === '}' && text[i + 1] === '}') return i
  }
  return -1
}

// ---------------------------------------------------------------------------------------------------------------
// Templates (.wxml / .axml): a strict tokenizer. Every tag is closed (or self-closed), names match case-sensitively,
// attribute values are quoted, a `<` in text starts a tag, and `{{` always has its `}}`.

export interface TemplateRef {
  kind: 'import' | 'include' | 'wxs' | 'import-sjs'
  src: string
  line: number
  /** import-sjs: the module name, an identifier or `{ a, b: c }` */
  name?: string
}

export interface ParsedTemplate {
  problems: string[]
  refs: TemplateRef[]
  defines: string[]
  uses: { name: string; line: number }[]
}

function lineOf(source: string, pos: number): { line: number; col: number } {
  const before = source.slice(0, pos)
  const line = before.split('\n').length
  return { line, col: pos - before.lastIndexOf('\n') }
}

/** The first syntax error of a template; parsing stops there, as the compilers do. */
class TemplateSyntaxError extends Error {
  constructor(
    readonly at: number,
    message: string,
  ) {
    super(message)
  }
}

// sticky: each matches exactly at lastIndex
const SPACE = /\s*/y
const EQUALS = /\s*=\s*/y
const END_TAG = /([A-Za-z][\w.:-]*)\s*>/y
const TAG_NAME = /[A-Za-z][\w.:-]*/y
const ATTRIBUTE_NAME = /[A-Za-z_][\w:.-]*/y
const IMPORT_SJS_NAME =
  /^([A-Za-z_$][\w$]*|\{\s*[A-Za-z_$][\w$]*(\s*:\s*[A-Za-z_$][\w$]*)?(\s*,\s*[A-Za-z_$][\w$]*(\s*:\s*[A-Za-z_$][\w$]*)?)*\s*,?\s*\})$/

function matchAt(pattern: RegExp, source: string, pos: number): RegExpExecArray | null {
  pattern.lastIndex = pos
  return pattern.exec(source)
}

export function parseTemplate(source: string, dialect: Dialect): ParsedTemplate {
  const result: ParsedTemplate = { problems: [], refs: [], defines: [], uses: [] }
  const fail = (at: number, message: string): never => {
    throw new TemplateSyntaxError(at, message)
  }
  const mustaches = (text: string, at: number, what: string, bracelessObject: boolean) => {
    for (let open = text.indexOf('{{'); open >= 0;) {
      const close = closingBraces(text, open + 2)
      if (close < 0) fail(at + open, `${what}: \`{{\` without \`}}\``)
      const problem = templateExpressionProblem(text.slice(open + 2, close), { bracelessObject })
      if (problem) fail(at + open + 2 + problem.at, `${what}: {{${text.slice(open + 2, close)}}}: ${problem.message}`)
      open = text.indexOf('{{', close + 2)
    }
  }
  const stack: { name: string; pos: number; lastHadIf: boolean }[] = []
  const top = { lastHadIf: false }
  const d = dialect.directive
  let pos = 0

  const startTag = () => {
    const tagStart = pos
    const name = matchAt(TAG_NAME, source, pos + 1)?.[0] ?? fail(pos, '`<` in text must start a tag (write &lt;)')
    pos += 1 + name.length
    const attributes = new Map<string, string | true>()
    let selfClosing = false
    for (;;) {
      const spaced = matchAt(SPACE, source, pos)![0].length
      pos += spaced
      if (source.startsWith('/>', pos)) {
        selfClosing = true
        pos += 2
        break
      }
      if (source[pos] === '>') {
        pos += 1
        break
      }
      if (pos >= source.length) fail(tagStart, `<${name}> is never closed with \`>\``)
      if (!spaced) fail(pos, `<${name}>: attributes must be separated by white space`)
      const attribute =
        matchAt(ATTRIBUTE_NAME, source, pos)?.[0] ??
        fail(pos, `<${name}>: bad attribute name at \`${source.slice(pos, pos + 10)}\``)
      if (attributes.has(attribute)) fail(pos, `<${name}>: attribute ${attribute} given twice`)
      pos += attribute.length
      const equals = matchAt(EQUALS, source, pos)
      if (!equals) {
        attributes.set(attribute, true)
        continue
      }
      pos += equals[0].length
      const quote = source[pos]
      if (quote !== '"' && quote !== "'") fail(pos, `<${name}>: the value of ${attribute} must be quoted`)
      const close = source.indexOf(quote, pos + 1)
      if (close < 0) fail(pos, `<${name}>: the value of ${attribute} is never closed`)
      const value = source.slice(pos + 1, close)
      mustaches(value, pos + 1, `<${name} ${attribute}>`, name === 'template' && attribute === 'data')
      attributes.set(attribute, value)
      pos = close + 1
    }

    const level = stack.length ? stack[stack.length - 1] : top
    const branch = attributes.has(`${d}elif`) ? `${d}elif` : attributes.has(`${d}else`) ? `${d}else` : null
    if (branch && !level.lastHadIf) fail(tagStart, `<${name}>: ${branch} without a ${d}if before it`)
    level.lastHadIf = attributes.has(`${d}if`) || attributes.has(`${d}elif`)

    const text = (key: string) => {
      const value = attributes.get(key)
      return typeof value === 'string' ? value : undefined
    }
    const line = () => lineOf(source, tagStart).line
    if (name === 'import' || name === 'include') {
      result.refs.push({ kind: name, src: text('src') ?? fail(tagStart, `<${name}> without src`), line: line() })
    } else if (name === 'wxs' && dialect.template === '.wxml') {
      if (!text('module')) fail(tagStart, '<wxs> without module')
      const src = text('src')
      if (src) result.refs.push({ kind: 'wxs', src, line: line() })
    } else if (name === 'import-sjs' && dialect.template === '.axml') {
      const from = text('from') ?? fail(tagStart, '<import-sjs> without from')
      const moduleName = text('name') ?? fail(tagStart, '<import-sjs> without name')
      if (!IMPORT_SJS_NAME.test(moduleName)) fail(tagStart, `<import-sjs name="${moduleName}">: a name or { a, b: c }`)
      result.refs.push({ kind: 'import-sjs', src: from, line: line(), name: moduleName })
    } else if (name === 'template') {
      const defined = text('name')
      const is = text('is')
      if (defined) result.defines.push(defined)
      if (is && !is.includes('{{')) result.uses.push({ name: is, line: line() })
    }

    if (selfClosing) return
    if (name === 'wxs' && dialect.template === '.wxml') {
      // inline WXS is script, not markup: ES5 as wcc parses it
      const end = source.indexOf('</wxs>', pos)
      if (end < 0) fail(tagStart, '<wxs> is never closed')
      const code = source.slice(pos, end)
      if (code.trim() && text('src')) fail(tagStart, '<wxs> has both src and inline code')
      try {
        parse(code, { ecmaVersion: 5, sourceType: 'script' })
      } catch (error) {
        fail(pos, `inline <wxs>: ${(error as Error).message}`)
      }
      pos = end + '</wxs>'.length
      return
    }
    stack.push({ name, pos: tagStart, lastHadIf: false })
  }

  const endTag = () => {
    const match = matchAt(END_TAG, source, pos + 2) ?? fail(pos, 'malformed end tag')
    const name = match[1]
    const open = stack.pop() ?? fail(pos, `end tag </${name}> without a start tag`)
    if (open.name !== name)
      fail(
        pos,
        `end tag </${name}> where </${open.name}> (opened at line ${lineOf(source, open.pos).line}) was expected`,
      )
    pos += 2 + match[0].length
  }

  const textRun = () => {
    // up to the next tag; a `<` inside {{ }} belongs to the expression
    let end = pos
    while (end < source.length && source[end] !== '<') {
      if (source.startsWith('{{', end)) {
        const close = closingBraces(source, end + 2)
        if (close < 0) fail(end, 'text: `{{` without `}}`')
        end = close + 2
      } else end += 1
    }
    mustaches(source.slice(pos, end), pos, 'text', false)
    pos = end
  }

  try {
    while (pos < source.length) {
      if (source.startsWith('<!--', pos)) {
        const end = source.indexOf('-->', pos + 4)
        if (end < 0) fail(pos, 'comment `<!--` is never closed')
        pos = end + 3
      } else if (source.startsWith('</', pos)) endTag()
      else if (source[pos] === '<') startTag()
      else textRun()
    }
    const open = stack.pop()
    if (open) fail(open.pos, `<${open.name}> is never closed`)
  } catch (error) {
    if (!(error instanceof TemplateSyntaxError)) throw error
    const { line, col } = lineOf(source, error.at)
    result.problems.push(`${line}:${col}: ${error.message}`)
  }
  return result
}

// ---------------------------------------------------------------------------------------------------------------
// SJS (Alipay): an ES2015 module that manages its dependencies with import/export only (no require, no
// module.exports), importing other .sjs files by their full name.

export interface ParsedSjs {
  problems: string[]
  imports: { src: string; line: number }[]
  hasDefault: boolean
  named: string[]
}

export function parseSjs(source: string): ParsedSjs {
  const result: ParsedSjs = { problems: [], imports: [], hasDefault: false, named: [] }
  let program: AstNode
  try {
    program = parse(source, { ecmaVersion: 2015, sourceType: 'module', locations: true }) as unknown as AstNode
  } catch (error) {
    result.problems.push((error as Error).message)
    return result
  }
  walk(program, (node) => {
    const line = (node.loc as { start: { line: number } }).start.line
    if (node.type === 'ImportDeclaration') result.imports.push({ src: (node.source as AstNode).value as string, line })
    if (node.type === 'ExportDefaultDeclaration') result.hasDefault = true
    if (node.type === 'ExportNamedDeclaration') {
      const declaration = node.declaration as AstNode | null
      if (declaration?.type === 'VariableDeclaration') {
        for (const declarator of declaration.declarations as AstNode[])
          result.named.push(String((declarator.id as AstNode).name))
      } else if (declaration) result.named.push(String((declaration.id as AstNode).name))
      for (const specifier of (node.specifiers as AstNode[]) ?? [])
        result.named.push(String((specifier.exported as AstNode).name))
      if (node.source) result.imports.push({ src: (node.source as AstNode).value as string, line })
    }
    if (node.type === 'ExportAllDeclaration')
      result.imports.push({ src: (node.source as AstNode).value as string, line })
    if (
      node.type === 'CallExpression' &&
      (node.callee as AstNode).type === 'Identifier' &&
      (node.callee as AstNode).name === 'require'
    ) {
      result.problems.push(`${line}: require() — SJS modules use import`)
    }
    if (
      node.type === 'MemberExpression' &&
      (node.object as AstNode).type === 'Identifier' &&
      (node.object as AstNode).name === 'module' &&
      (node.property as AstNode).name === 'exports'
    ) {
      result.problems.push(`${line}: module.exports — SJS modules use export`)
    }
  })
  for (const { src, line } of result.imports) {
    if (!src.endsWith('.sjs'))
      result.problems.push(`${line}: import '${src}' — SJS imports name a .sjs file with its extension`)
  }
  return result
}

// ---------------------------------------------------------------------------------------------------------------
// The build as a whole: files, packages, references.

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : filesUnder(path)
    return [path]
  })
}

/** Path relative to the build, with forward slashes. */
const rel = (dist: string, file: string) => relative(dist, file).split(sep).join('/')

interface AppLayout {
  pages: string[]
  subPackages: { root: string; independent: boolean }[]
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'))
}

function appLayout(app: Record<string, unknown>): AppLayout {
  const pages = ((app.pages as string[]) ?? []).slice()
  const subPackages: AppLayout['subPackages'] = []
  for (const sub of ((app.subPackages ?? app.subpackages) as {
    root: string
    pages: string[]
    independent?: boolean
  }[]) ?? []) {
    const root = sub.root.replace(/^\/+|\/+$/g, '')
    subPackages.push({ root, independent: !!sub.independent })
    for (const page of sub.pages) pages.push(`${root}/${page}`)
  }
  return { pages, subPackages }
}

function packageOf(path: string, layout: AppLayout): { root: string; independent: boolean } | null {
  return layout.subPackages.find((sub) => path === sub.root || path.startsWith(`${sub.root}/`)) ?? null
}

/** Why `from` may not use `to` (both build-relative), or null: a subpackage sees itself and the main package. */
function crossesPackages(from: string, to: string, layout: AppLayout): string | null {
  const source = packageOf(from, layout)
  const target = packageOf(to, layout)
  if (target && target.root !== source?.root) return `lies in subpackage ${target.root}`
  if (!target && source?.independent)
    return `lies in the main package, which independent subpackage ${source.root} cannot see`
  return null
}

/** Resolves a template/script/style reference: `/x` from the build root, anything else from the file's folder. */
function resolveRef(dist: string, fromFile: string, src: string, extension: string): string | null {
  const base = src.startsWith('/') ? join(dist, src) : join(dirname(fromFile), src)
  const candidates = extname(src) ? [base] : [base, `${base}${extension}`]
  const found = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile())
  if (!found || relative(dist, found).startsWith('..')) return null
  return found
}

interface VendorRun {
  status: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

let compilerDir: string | null = null

/**
 * wcc or wcsc of miniprogram-compiler for this machine. The package ships them without the execute bit (its own
 * wrapper chmods them inside node_modules); we copy them to a temporary folder instead and leave node_modules alone.
 */
export function vendorCompiler(name: 'wcc' | 'wcsc'): string {
  const folder = { linux: 'linux', darwin: 'mac', win32: 'windows' }[process.platform as string]
  if (!folder || (process.platform === 'linux' && process.arch !== 'x64')) {
    throw new Error(
      `miniprogram-compiler ships wcc and wcsc for x64 Linux, macOS and Windows, not ${process.platform}-${process.arch}`,
    )
  }
  const file = process.platform === 'win32' ? `${name}.exe` : name
  if (!compilerDir) {
    compilerDir = mkdtempSync(join(tmpdir(), 'miniprogram-compiler-'))
    const dir = compilerDir
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
  }
  const copy = join(compilerDir, file)
  if (!existsSync(copy)) {
    copyFileSync(join(dirname(require.resolve('miniprogram-compiler/package.json')), 'bin', folder, file), copy)
    chmodSync(copy, 0o755)
  }
  return copy
}

function runVendor(name: 'wcc' | 'wcsc', args: string[], cwd: string): VendorRun {
  const run = spawnSync(vendorCompiler(name), args, { cwd, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' })
  if (run.error) throw new Error(`${name} did not run: ${run.error.message}`)
  return { status: run.status, signal: run.signal, stdout: run.stdout, stderr: run.stderr }
}

function vendorProblems(name: string, run: VendorRun): string[] {
  const said = run.stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^error file count: \d+$/.test(line))
  if (run.status === 0 && !said.length) return []
  const how = run.signal ? `killed by ${run.signal}` : `exit ${run.status}`
  return said.length ? said.map((line) => `${name} (${how}): ${line}`) : [`${name} failed (${how}) without a message`]
}

/** A wcc/wcsc file argument as the devtools write it: ./path from the build root. */
const dotted = (dist: string, file: string) => `./${rel(dist, file)}`

// The devtools join the -cc list with a --split marker of their own choosing; any text absent from paths will do.
const SPLIT = '>_<4096'

function usingComponentsOf(file: string): Record<string, string> {
  try {
    const json = readJson(file) as { usingComponents?: Record<string, string> }
    return json.usingComponents ?? {}
  } catch {
    return {}
  }
}

/** Compiles (weapp) or strictly parses (alipay) one mini-program build and checks its references. */
export function checkMiniTemplates(dist: string, target: MiniTarget): MiniTemplatesReport {
  const started = performance.now()
  const dialect = DIALECTS[target]
  const problems: string[] = []
  const files = filesUnder(dist)
  const of = (extension: string) => files.filter((file) => file.endsWith(extension)).sort()
  const templates = of(dialect.template)
  const scripts = of(dialect.script)
  const styles = of(dialect.style)
  const jsons = of('.json')
  const bytes = [...templates, ...scripts, ...styles].reduce((sum, file) => sum + statSync(file).size, 0)

  const appFile = join(dist, 'app.json')
  if (!existsSync(appFile)) throw new Error(`${dist} has no app.json: not a ${target} build`)
  const app = readJson(appFile) as Record<string, unknown>
  const layout = appLayout(app)
  for (const key of foreignAppJsonKeys(app, target)) problems.push(`app.json: "${key}" is not a ${target} app.json key`)

  // every page has its four files
  for (const page of layout.pages) {
    const missing = ['.js', '.json', dialect.template, dialect.style].filter(
      (extension) => !existsSync(join(dist, `${page}${extension}`)),
    )
    if (missing.length) problems.push(`app.json: page ${page} has no ${missing.join(', ')}`)
  }

  // every usingComponents path is a component, reachable from where it is used
  const globalComponents = (app.usingComponents as Record<string, string>) ?? {}
  let componentRefs = 0
  for (const jsonFile of jsons) {
    let json: Record<string, unknown>
    try {
      json = readJson(jsonFile) as Record<string, unknown>
    } catch (error) {
      problems.push(`${rel(dist, jsonFile)}: ${(error as Error).message}`)
      continue
    }
    const placeholders = (json.componentPlaceholder as Record<string, string>) ?? {}
    for (const [tag, path] of Object.entries((json.usingComponents as Record<string, string>) ?? {})) {
      componentRefs += 1
      if (path.startsWith('plugin://') || path.startsWith('plugin-private://')) continue
      const where = `${rel(dist, jsonFile)}: usingComponents.${tag} "${path}"`
      const base = path.startsWith('/') ? join(dist, path) : join(dirname(jsonFile), path)
      const candidates = [base, join(base, 'index')]
      if (!path.startsWith('.') && !path.startsWith('/')) {
        for (let dir = dirname(jsonFile); !relative(dist, dir).startsWith('..'); dir = dirname(dir)) {
          candidates.push(join(dir, 'miniprogram_npm', path), join(dir, 'miniprogram_npm', path, 'index'))
          if (dir === dist) break
        }
      }
      const found = candidates.find(
        (candidate) =>
          existsSync(`${candidate}.json`) &&
          existsSync(`${candidate}.js`) &&
          existsSync(`${candidate}${dialect.template}`),
      )
      if (!found) {
        problems.push(`${where}: no component there (needs .json, .js and ${dialect.template})`)
        continue
      }
      if ((readJson(`${found}.json`) as { component?: boolean }).component !== true)
        problems.push(`${where}: its json does not say "component": true`)
      const crossing = crossesPackages(rel(dist, jsonFile), rel(dist, found), layout)
      if (crossing && !placeholders[tag])
        problems.push(`${where}: ${crossing} (a componentPlaceholder would be needed)`)
    }
  }

  // templates parse, their references resolve within the package rules, static <template is> names are known
  const parsed = new Map<string, ParsedTemplate>()
  let templateRefs = 0
  const sjsCache = new Map<string, ParsedSjs>()
  const sjsOf = (file: string) => {
    if (!sjsCache.has(file)) sjsCache.set(file, parseSjs(readFileSync(file, 'utf8')))
    return sjsCache.get(file)!
  }
  const expected: Record<TemplateRef['kind'], string> = {
    import: dialect.template,
    include: dialect.template,
    wxs: '.wxs',
    'import-sjs': '.sjs',
  }
  for (const file of templates) {
    const template = parseTemplate(readFileSync(file, 'utf8'), dialect)
    parsed.set(file, template)
    for (const problem of template.problems) problems.push(`${rel(dist, file)}:${problem}`)
    for (const ref of template.refs) {
      templateRefs += 1
      const where = `${rel(dist, file)}:${ref.line}: <${ref.kind === 'import-sjs' ? 'import-sjs from' : `${ref.kind} src`}="${ref.src}">`
      const found = resolveRef(dist, file, ref.src, expected[ref.kind])
      if (!found) {
        problems.push(`${where}: no such file in the build`)
        continue
      }
      if (!found.endsWith(expected[ref.kind])) {
        problems.push(`${where}: not a ${expected[ref.kind]} file`)
        continue
      }
      const crossing = crossesPackages(rel(dist, file), rel(dist, found), layout)
      if (crossing) problems.push(`${where}: ${crossing}`)
      if (ref.kind === 'import-sjs' && ref.name) {
        const sjs = sjsOf(found)
        if (/^[A-Za-z_$]/.test(ref.name) && !sjs.hasDefault)
          problems.push(`${where}: name="${ref.name}" needs an export default, which ${rel(dist, found)} lacks`)
        if (ref.name.startsWith('{')) {
          const wanted = ref.name
            .slice(1, -1)
            .split(',')
            .map((part) => part.split(':')[0].trim())
            .filter(Boolean)
          for (const name of wanted)
            if (!sjs.named.includes(name)) problems.push(`${where}: ${rel(dist, found)} exports no ${name}`)
        }
      }
    }
  }
  const included = new Set<string>()
  for (const [file, template] of parsed) {
    for (const ref of template.refs) {
      const found = ref.kind === 'include' ? resolveRef(dist, file, ref.src, dialect.template) : null
      if (found) included.add(found)
    }
  }
  for (const [file, template] of parsed) {
    if (included.has(file)) continue // evaluated in the scope of the file that includes it
    const known = new Set(template.defines)
    for (const ref of template.refs) {
      const found = ref.kind === 'import' ? resolveRef(dist, file, ref.src, dialect.template) : null
      for (const name of (found && parsed.get(found)?.defines) ?? []) known.add(name)
    }
    for (const use of template.uses) {
      if (!known.has(use.name))
        problems.push(
          `${rel(dist, file)}:${use.line}: <template is="${use.name}">: defined neither here nor in a file this one imports`,
        )
    }
  }

  // styles parse, their @imports resolve
  for (const file of styles) {
    let root: postcss.Root
    try {
      root = postcss.parse(readFileSync(file, 'utf8'), { from: file })
    } catch (error) {
      const { line, column, reason } = error as { line?: number; column?: number; reason?: string }
      problems.push(`${rel(dist, file)}:${line ?? '?'}:${column ?? '?'}: ${reason ?? (error as Error).message}`)
      continue
    }
    root.walkAtRules('import', (rule) => {
      const src = /^\s*(?:url\()?\s*["']([^"']+)["']/.exec(rule.params)?.[1]
      const where = `${rel(dist, file)}:${rule.source?.start?.line ?? '?'}: @import ${rule.params}`
      if (!src) return void problems.push(`${where}: not a quoted path`)
      const found = resolveRef(dist, file, src, dialect.style)
      if (!found) return void problems.push(`${where}: no such file in the build`)
      const crossing = crossesPackages(rel(dist, file), rel(dist, found), layout)
      if (crossing) problems.push(`${where}: ${crossing}`)
    })
  }

  let compiled: string
  if (target === 'weapp') {
    // wcc as the devtools run it: debug output, every page/component template with the custom tags it may use (-cc,
    // the list joined with --split), all templates and all wxs modules in one run, the function named $gwx.
    const components: string[] = []
    for (const file of templates) {
      const json = file.slice(0, -dialect.template.length) + '.json'
      if (!existsSync(json)) continue
      const tags = new Set([...Object.keys(usingComponentsOf(json)), ...Object.keys(globalComponents)])
      components.push(dotted(dist, file), String(tags.size), ...tags)
    }
    const cc = [String(components.filter((item) => item.startsWith('./')).length), ...components].join(SPLIT)
    const wcc = runVendor(
      'wcc',
      [
        '-d',
        '--split',
        SPLIT,
        '-cc',
        cc,
        ...templates.map((file) => dotted(dist, file)),
        ...scripts.map((file) => dotted(dist, file)),
        '-gn',
        '$gwx',
      ],
      dist,
    )
    problems.push(...vendorProblems('wcc', wcc))
    if (wcc.status === 0 && !wcc.stdout.includes('$gwx')) problems.push('wcc: exit 0 but no $gwx in its output')
    // wcsc as the devtools run it: page and component styles first (-pc counts them; app.wxss is one), then the
    // styles they @import, debug attributes on.
    const roots = styles.filter((file) => existsSync(file.slice(0, -dialect.style.length) + '.json'))
    const imported = styles.filter((file) => !roots.includes(file))
    const wcsc = runVendor(
      'wcsc',
      ['-db', '-pc', String(roots.length), ...[...roots, ...imported].map((file) => dotted(dist, file))],
      dist,
    )
    problems.push(...vendorProblems('wcsc', wcsc))
    for (const file of roots) {
      if (wcsc.status === 0 && !wcsc.stdout.includes(`${dotted(dist, file)}=`))
        problems.push(`wcsc: no output for ${rel(dist, file)}`)
    }
    compiled = `wcc ${templates.length} wxml + ${scripts.length} wxs, wcsc ${styles.length} wxss`
  } else {
    for (const file of scripts) {
      const sjs = sjsOf(file)
      for (const problem of sjs.problems) problems.push(`${rel(dist, file)}: ${problem}`)
      for (const { src, line } of sjs.imports) {
        const found = src.endsWith('.sjs') ? resolveRef(dist, file, src, '.sjs') : null
        if (src.endsWith('.sjs') && !found)
          problems.push(`${rel(dist, file)}:${line}: import '${src}': no such file in the build`)
        const crossing = found && crossesPackages(rel(dist, file), rel(dist, found), layout)
        if (crossing) problems.push(`${rel(dist, file)}:${line}: import '${src}': ${crossing}`)
      }
    }
    compiled = `parsed ${templates.length} axml + ${scripts.length} sjs + ${styles.length} acss`
  }

  const ms = performance.now() - started
  const count = templates.length + scripts.length + styles.length
  const summary =
    `${target}: ${compiled} — ${count} files, ${(bytes / 1024).toFixed(1)} KiB, ${(ms / 1000).toFixed(2)} s; ` +
    `${layout.pages.length} pages, ${componentRefs} component and ${templateRefs} template references checked: ` +
    (problems.length ? `${problems.length} problem(s)` : 'ok')
  return {
    target,
    templates: templates.length,
    scripts: scripts.length,
    styles: styles.length,
    bytes,
    ms,
    problems,
    summary,
  }
}

if (require.main === module) {
  const root = join(__dirname, '..', 'dist')
  const targets = (['weapp', 'alipay'] as const).filter((target) => existsSync(join(root, target)))
  if (!targets.length) throw new Error('no mini-program build in dist/: npm run build:weapp or build:alipay first')
  let failed = false
  for (const target of targets) {
    const report = checkMiniTemplates(join(root, target), target)
    for (const problem of report.problems) console.error(`[${target}] ${problem}`)
    console.log(report.summary)
    failed ||= report.problems.length > 0
  }
  if (failed) process.exit(1)
}
