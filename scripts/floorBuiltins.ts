/**
 * The built-ins of one shipped script that the oldest engines we serve lack (iOS 11, Chrome 63; and, in the
 * mini-programs, the browser APIs their runtimes never had), found on the acorn AST. Used by `npm run syntax:check`.
 *
 * What counts as a use (the heuristic, chosen for few false positives on minified bundles):
 * - a free global (not declared in any enclosing scope) read anywhere — `new AbortController()`, `"Deno" in
 *   globalThis`;
 * - a static method called — `Object.fromEntries(…)`, `Promise.allSettled(…)`, on the free `Object`/`Promise`
 *   (reading one, as a feature test does, is harmless);
 * - a prototype method called with the arity the built-in takes — `.flatMap(fn)`, `.finally(fn)`, `.at(i)`,
 *   `.replaceAll(a, b)`, `.trimStart()`. Types are unknown in a bundle: any receiver counts (a library's own `.at(i)`
 *   would be listed; none of ours has one today).
 * Not a use: `typeof X`; and a use inside a branch whose test mentions the same name — `typeof X` for a global,
 * the member itself for methods (`x.flatMap ? x.flatMap(f) : …`, `typeof Object.hasOwn == "function" && …`):
 * the consequent and alternate of `?:` and `if`, and the right side of `&&`/`||`/`??`. The guard's direction is not
 * checked. A guard kept in a variable counts too when the variable is set from an expression with `typeof X`
 * (`var has = "function" == typeof X; … has ? X : …`, axios's setImmediate).
 * An install is a call whose first two arguments are a built-in's prototype (or a variable holding it) and a method
 * name, or an assignment to a method of that prototype: `npm run syntax:check` counts a prototype method as provided
 * when some script of the build installs it.
 */
import { parse } from 'acorn'

/** A built-in above the floor: `Array.prototype.flatMap`, `Object.fromEntries` or a global such as `globalThis`. */
export type BuiltinName = string

type Node = { type: string; start: number; end: number; [key: string]: unknown }

/** Prototype methods by the number of arguments the built-in takes (a call with another arity is someone else's). */
const PROTOTYPE_METHODS = new Map<string, { builtin: BuiltinName; arity: number[] }>([
  ['flat', { builtin: 'Array.prototype.flat', arity: [0, 1] }],
  ['flatMap', { builtin: 'Array.prototype.flatMap', arity: [1, 2] }],
  ['finally', { builtin: 'Promise.prototype.finally', arity: [1] }],
  ['replaceAll', { builtin: 'String.prototype.replaceAll', arity: [2] }],
  ['matchAll', { builtin: 'String.prototype.matchAll', arity: [1] }],
  ['trimStart', { builtin: 'String.prototype.trimStart', arity: [0] }],
  ['trimEnd', { builtin: 'String.prototype.trimEnd', arity: [0] }],
  ['at', { builtin: 'Array.prototype.at', arity: [1] }],
  ['findLast', { builtin: 'Array.prototype.findLast', arity: [1, 2] }],
  ['findLastIndex', { builtin: 'Array.prototype.findLastIndex', arity: [1, 2] }],
])

const STATIC_METHODS = new Map<string, string[]>([
  ['Object', ['fromEntries', 'hasOwn']],
  ['Promise', ['allSettled', 'any']],
])

/** Above the ES2017 engines (iOS 11 Safari / Chrome 63) everywhere. */
export const ENGINE_FLOOR_MISSING: readonly BuiltinName[] = [
  ...[...PROTOTYPE_METHODS.values()].map((method) => method.builtin),
  ...[...STATIC_METHODS].flatMap(([object, methods]) => methods.map((method) => `${object}.${method}`)),
  'globalThis',
  'queueMicrotask',
  'structuredClone',
  'setImmediate',
  'AbortController',
  'AbortSignal',
  'WeakRef',
  'FinalizationRegistry',
  'AggregateError',
]

/**
 * What the WeChat and Alipay runtimes lack on top: browser networking, message ports, DOM exceptions, web storage.
 * Not listed: `self`, `window`, `document` (the module wrapper passes them, undefined, or Taro provides them: reading
 * one never throws, and axios's `self instanceof WorkerGlobalScope` is guarded by another name), and FormData/Blob
 * (axios builds them only for form and multipart bodies, which the app never sends).
 */
export const MINI_RUNTIME_MISSING: readonly BuiltinName[] = [
  'fetch',
  'XMLHttpRequest',
  'MessageChannel',
  'DOMException',
  'Headers',
  'Request',
  'Response',
  'ReadableStream',
  'TextEncoder',
  'TextDecoder',
  'localStorage',
  'sessionStorage',
]

export interface BuiltinUse {
  builtin: BuiltinName
  /** Offset in the script. */
  pos: number
}

export interface ScriptBuiltins {
  /** Uses of the watched built-ins. */
  uses: BuiltinUse[]
  /**
   * Prototype methods the script defines on a built-in: `Object.defineProperty(Promise.prototype, "finally", …)`,
   * `install(String.prototype, "replaceAll", …)` (any call with those two first arguments), `Array.prototype.flat = …`.
   */
  installs: BuiltinName[]
}

const INSTALLABLE = new Set(['Array', 'String', 'Promise', 'Object'])

/** Variables holding a built-in's prototype, per declaring scope (terser: `(r = Promise.prototype).finally`). */
type PrototypeVariables = Map<Scope, Map<string, string>>

/** `Promise.prototype`, or a variable holding it → "Promise" (the built-in's own prototype, on the free name). */
function builtinPrototype(node: Node | undefined, scope: Scope, variables: PrototypeVariables): string | undefined {
  if (node?.type === 'Identifier') {
    const declared = declaringScope(node.name as string, scope)
    return declared ? variables.get(declared)?.get(node.name as string) : undefined
  }
  const member = node && memberName(node)
  if (!member || member.property !== 'prototype' || !member.object || !INSTALLABLE.has(member.object)) return undefined
  return isDeclared(member.object, scope) ? undefined : member.object
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'

function children(node: Node): Array<[string, Node]> {
  const found: Array<[string, Node]> = []
  for (const key of Object.keys(node)) {
    const value = node[key]
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) found.push([key, item])
    } else if (isNode(value)) found.push([key, value])
  }
  return found
}

interface Scope {
  names: Set<string>
  parent: Scope | null
  isFunction: boolean
}

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression'])
const BLOCKS = new Set([
  'BlockStatement',
  'ForStatement',
  'ForInStatement',
  'ForOfStatement',
  'CatchClause',
  'SwitchStatement',
  'ClassExpression',
])

function bindingNames(pattern: Node | null | undefined, into: string[] = []): string[] {
  if (!pattern) return into
  switch (pattern.type) {
    case 'Identifier':
      into.push(pattern.name as string)
      break
    case 'ObjectPattern':
      for (const property of pattern.properties as Node[])
        bindingNames((property.type === 'RestElement' ? property.argument : property.value) as Node, into)
      break
    case 'ArrayPattern':
      for (const element of pattern.elements as Array<Node | null>) bindingNames(element, into)
      break
    case 'RestElement':
      bindingNames(pattern.argument as Node, into)
      break
    case 'AssignmentPattern':
      bindingNames(pattern.left as Node, into)
      break
  }
  return into
}

/** Pass 1: every scope-making node's declared names (var and functions hoisted to the function). */
function declareScopes(program: Node): Map<Node, Scope> {
  const scopes = new Map<Node, Scope>()
  const visit = (node: Node, scope: Scope, functionScope: Scope, isFunctionBody: boolean) => {
    let inner = scope
    let innerFunction = functionScope
    if (FUNCTIONS.has(node.type)) {
      inner = innerFunction = { names: new Set(), parent: scope, isFunction: true }
      scopes.set(node, inner)
      if (node.type === 'FunctionDeclaration' && node.id) {
        scope.names.add((node.id as Node).name as string)
        functionScope.names.add((node.id as Node).name as string)
      }
      if (node.type === 'FunctionExpression' && node.id) inner.names.add((node.id as Node).name as string)
      for (const param of node.params as Node[]) for (const name of bindingNames(param)) inner.names.add(name)
    } else if (BLOCKS.has(node.type) && !(node.type === 'BlockStatement' && isFunctionBody)) {
      inner = { names: new Set(), parent: scope, isFunction: false }
      scopes.set(node, inner)
      if (node.type === 'CatchClause') for (const name of bindingNames(node.param as Node)) inner.names.add(name)
      if (node.type === 'ClassExpression' && node.id) inner.names.add((node.id as Node).name as string)
    }
    if (node.type === 'VariableDeclaration') {
      const target = node.kind === 'var' ? functionScope : scope
      for (const declarator of node.declarations as Node[])
        for (const name of bindingNames(declarator.id as Node)) target.names.add(name)
    }
    if (node.type === 'ClassDeclaration' && node.id) scope.names.add((node.id as Node).name as string)
    for (const [key, child] of children(node))
      visit(child, inner, innerFunction, FUNCTIONS.has(node.type) && key === 'body')
  }
  const global: Scope = { names: new Set(), parent: null, isFunction: true }
  scopes.set(program, global)
  for (const [, child] of children(program)) visit(child, global, global, false)
  return scopes
}

function isDeclared(name: string, scope: Scope | null): boolean {
  for (let current = scope; current; current = current.parent) if (current.names.has(name)) return true
  return false
}

/** `Object.fromEntries` for a member on a free `Object`/`Promise`, a method name for any other non-computed member. */
function memberName(node: Node): { object?: string; property: string } | undefined {
  if (node.type !== 'MemberExpression') return undefined
  const property = node.property as Node
  const name = node.computed
    ? property.type === 'Literal' && typeof property.value === 'string'
      ? property.value
      : undefined
    : (property.name as string)
  if (name === undefined) return undefined
  const object = node.object as Node
  return { object: object.type === 'Identifier' ? (object.name as string) : undefined, property: name }
}

interface Guard {
  global?: string
  property?: string
}

/** The globals an expression tests with `typeof` (not looking into nested functions). */
function typeofTargets(expression: Node, into = new Set<string>()): Set<string> {
  if (
    expression.type === 'UnaryExpression' &&
    expression.operator === 'typeof' &&
    (expression.argument as Node).type === 'Identifier'
  ) {
    into.add((expression.argument as Node).name as string)
  }
  if (!FUNCTIONS.has(expression.type)) for (const [, child] of children(expression)) typeofTargets(child, into)
  return into
}

/** Variables set from a `typeof` test, per declaring scope: `Y = "function" == typeof setImmediate`. */
type GuardVariables = Map<Scope, Map<string, Set<string>>>

function declaringScope(name: string, scope: Scope | null): Scope | null {
  for (let current = scope; current; current = current.parent) if (current.names.has(name)) return current
  return null
}

/**
 * Whether `test` mentions the guarded thing: `typeof name` (or a variable set from it), or a member with this property
 * name.
 */
function mentions(test: Node, guard: Guard, scope: Scope, guardVariables: GuardVariables): boolean {
  let found = false
  const visit = (node: Node) => {
    if (found) return
    if (guard.global && node.type === 'UnaryExpression' && node.operator === 'typeof') {
      const argument = node.argument as Node
      if (argument.type === 'Identifier' && argument.name === guard.global) found = true
    }
    if (guard.global && node.type === 'Identifier') {
      const declared = declaringScope(node.name as string, scope)
      if (
        declared &&
        guardVariables
          .get(declared)
          ?.get(node.name as string)
          ?.has(guard.global)
      )
        found = true
    }
    if (guard.property && memberName(node)?.property === guard.property) found = true
    for (const [, child] of children(node)) visit(child)
  }
  visit(test)
  return found
}

function isGuarded(path: Node[], guard: Guard, scope: Scope, guardVariables: GuardVariables): boolean {
  for (let i = path.length - 2; i >= 0; i--) {
    const ancestor = path[i]
    const child = path[i + 1]
    if (
      (ancestor.type === 'ConditionalExpression' || ancestor.type === 'IfStatement') &&
      child !== ancestor.test &&
      mentions(ancestor.test as Node, guard, scope, guardVariables)
    )
      return true
    if (
      ancestor.type === 'LogicalExpression' &&
      child === ancestor.right &&
      mentions(ancestor.left as Node, guard, scope, guardVariables)
    )
      return true
  }
  return false
}

/** Keys under which an Identifier names something rather than reading a variable. */
function isReference(parent: Node | undefined, key: string): boolean {
  if (!parent) return true
  if (parent.type === 'MemberExpression' && key === 'property' && !parent.computed) return false
  if (
    (parent.type === 'Property' || parent.type === 'MethodDefinition' || parent.type === 'PropertyDefinition') &&
    key === 'key' &&
    !parent.computed
  )
    return false
  if (
    (parent.type === 'LabeledStatement' || parent.type === 'BreakStatement' || parent.type === 'ContinueStatement') &&
    key === 'label'
  )
    return false
  if (parent.type === 'MetaProperty') return false
  return true
}

/** Declarations' own names (their default values and computed keys are still walked). */
function isBinding(parent: Node | undefined, key: string): boolean {
  if (!parent) return false
  if (FUNCTIONS.has(parent.type) && (key === 'id' || key === 'params')) return true
  if ((parent.type === 'ClassDeclaration' || parent.type === 'ClassExpression') && key === 'id') return true
  if (parent.type === 'VariableDeclarator' && key === 'id') return true
  if (parent.type === 'CatchClause' && key === 'param') return true
  return false
}

/** The above-floor built-ins a script uses, by the heuristic in the header, and the prototype methods it installs. */
export function scriptBuiltins(source: string, watched: ReadonlySet<BuiltinName>): ScriptBuiltins {
  const program = parse(source, {
    ecmaVersion: 'latest',
    sourceType: 'script',
    allowReturnOutsideFunction: true,
  }) as unknown as Node
  const scopes = declareScopes(program)
  const uses: BuiltinUse[] = []
  const installs = new Set<BuiltinName>()
  const path: Node[] = []
  const guardVariables: GuardVariables = new Map()
  const prototypeVariables: PrototypeVariables = new Map()
  const noteVariable = (name: string, value: Node, scope: Scope) => {
    noteGuardVariable(name, value, scope)
    const object = builtinPrototype(value, scope, prototypeVariables)
    const declared = declaringScope(name, scope)
    if (object && declared)
      prototypeVariables.set(declared, (prototypeVariables.get(declared) ?? new Map()).set(name, object))
  }
  const noteGuardVariable = (name: string, value: Node, scope: Scope) => {
    const targets = typeofTargets(value)
    const declared = declaringScope(name, scope)
    if (!targets.size || !declared) return
    const variables = guardVariables.get(declared) ?? new Map<string, Set<string>>()
    variables.set(name, new Set([...(variables.get(name) ?? []), ...targets]))
    guardVariables.set(declared, variables)
  }
  const report = (builtin: BuiltinName, node: Node, guard: Guard, scope: Scope) => {
    if (watched.has(builtin) && !isGuarded(path, guard, scope, guardVariables)) uses.push({ builtin, pos: node.start })
  }

  // In a binding pattern only default values and computed keys read variables.
  const visitPattern = (pattern: Node, scope: Scope) => {
    if (pattern.type === 'AssignmentPattern') {
      visitPattern(pattern.left as Node, scope)
      visit(pattern.right as Node, pattern, 'right', scope)
    } else if (pattern.type === 'ObjectPattern') {
      for (const property of pattern.properties as Node[]) {
        if (property.type === 'RestElement') visitPattern(property.argument as Node, scope)
        else {
          if (property.computed) visit(property.key as Node, property, 'key', scope)
          visitPattern(property.value as Node, scope)
        }
      }
    } else if (pattern.type === 'ArrayPattern') {
      for (const element of pattern.elements as Array<Node | null>) if (element) visitPattern(element, scope)
    } else if (pattern.type === 'RestElement') visitPattern(pattern.argument as Node, scope)
    else if (pattern.type !== 'Identifier') visit(pattern, undefined, '', scope) // a member target in an assignment pattern
  }

  const visit = (node: Node, parent: Node | undefined, key: string, outer: Scope) => {
    const scope = scopes.get(node) ?? outer
    path.push(node)
    if (node.type === 'VariableDeclarator' && (node.id as Node).type === 'Identifier' && node.init)
      noteVariable((node.id as Node).name as string, node.init as Node, scope)
    if (node.type === 'AssignmentExpression' && (node.left as Node).type === 'Identifier')
      noteVariable((node.left as Node).name as string, node.right as Node, scope)
    if (node.type === 'Identifier' && isReference(parent, key)) {
      const name = node.name as string
      const isTypeof = parent?.type === 'UnaryExpression' && parent.operator === 'typeof'
      if (!isTypeof && !isDeclared(name, scope)) report(name, node, { global: name }, scope)
    }
    if (node.type === 'CallExpression') {
      const [target, name] = node.arguments as Node[]
      const object = builtinPrototype(target, scope, prototypeVariables)
      if (object && name?.type === 'Literal' && typeof name.value === 'string')
        installs.add(`${object}.prototype.${name.value}`)
    }
    if (node.type === 'AssignmentExpression' && (node.left as Node).type === 'MemberExpression') {
      const left = node.left as Node
      const object = builtinPrototype(left.object as Node, scope, prototypeVariables)
      const name = memberName(left)?.property
      if (object && name) installs.add(`${object}.prototype.${name}`)
    }
    const member = memberName(node)
    if (member) {
      const isCallee = parent?.type === 'CallExpression' && key === 'callee'
      if (
        isCallee &&
        member.object &&
        STATIC_METHODS.get(member.object)?.includes(member.property) &&
        !isDeclared(member.object, scope)
      ) {
        report(`${member.object}.${member.property}`, node, { property: member.property }, scope)
      }
      const method = PROTOTYPE_METHODS.get(member.property)
      if (method && isCallee && method.arity.includes(((parent as Node).arguments as Node[]).length)) {
        report(method.builtin, node.property as Node, { property: member.property }, scope)
      }
    }
    for (const [childKey, child] of children(node)) {
      if (isBinding(node, childKey)) visitPattern(child, scopes.get(node) ?? scope)
      else if (
        node.type === 'AssignmentExpression' &&
        childKey === 'left' &&
        child.type !== 'Identifier' &&
        child.type !== 'MemberExpression'
      )
        visitPattern(child, scope)
      else visit(child, node, childKey, scope)
    }
    path.pop()
  }
  for (const [key, child] of children(program)) visit(child, program, key, scopes.get(program) as Scope)
  return { uses, installs: [...installs] }
}
