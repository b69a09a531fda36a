import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import vm from 'node:vm'

export type MiniPlatform = 'weapp' | 'alipay'

/** One of Taro's base templates: the host component it draws and the events it binds to the page's `eh`. */
export interface NodeTemplate {
  tag: string
  /** Event type (lower case) → 'bind' (bubbles on) or 'catch' (stops here). */
  events: Map<string, 'bind' | 'catch'>
  /** Attribute name → the short key Taro stores it under in the node's data (`value` → `p25`). */
  props: Map<string, string>
}

const BASE_TEMPLATE: Record<MiniPlatform, string> = { weapp: 'base.wxml', alipay: 'base.axml' }

/**
 * Reads Taro's generated base template (dist/<platform>/base.wxml|axml): data nodes carry a number (`nn`) naming
 * the template that draws them, and only the events bound in that template ever reach the page. Level 0 templates
 * are enough: deeper levels repeat them.
 */
export function readNodeTemplates(dist: string, platform: MiniPlatform): Map<string, NodeTemplate> {
  const source = readFileSync(join(dist, BASE_TEMPLATE[platform]), 'utf8')
  const templates = new Map<string, NodeTemplate>()
  const pattern = /<template name="tmpl_0_([^"]+?)(?:_focus|_blur)?">\s*<([a-z-]+)([^>]*)>/g
  let match: RegExpExecArray | null
  while ((match = pattern.exec(source))) {
    const [, nn, tag, attributes] = match
    // `tmpl_0_33` of an input only picks its `_focus` / `_blur` variant: the variant holds the real element.
    if (templates.has(nn) || tag === 'template') continue
    const events = new Map<string, 'bind' | 'catch'>()
    const eventPattern = platform === 'weapp' ? /\b(bind|catch):?([a-z]+)="eh"/g : /\b(on|catch)([A-Z][A-Za-z]+)="eh"/g
    let event: RegExpExecArray | null
    while ((event = eventPattern.exec(attributes)))
      events.set(event[2].toLowerCase(), event[1] === 'catch' ? 'catch' : 'bind')
    const props = new Map<string, string>()
    const propPattern = /\s([a-z-]+)="\{\{(?:xs\.b\()?i\.([a-z0-9]+)/g
    let prop: RegExpExecArray | null
    while ((prop = propPattern.exec(attributes))) props.set(prop[1], prop[2])
    templates.set(nn, { tag, events, props })
  }
  if (!templates.size) throw new Error(`no Taro templates found in ${BASE_TEMPLATE[platform]}`)
  return templates
}

/**
 * WeChat cannot recurse into a template, so Taro's base.wxml repeats each nestable component's template once per
 * level (`tmpl_<level>_<nn>`, `baseLevel` levels) and utils.wxs's `a` picks the one a node is drawn with; from the
 * last level a subtree continues in the `comp` component, which starts again at level 0. A node whose template is
 * missing is drawn as nothing, without an error: the host walks each page's data after every setData with the
 * build's own utils.wxs and reports such nodes. (Alipay templates recurse: one level, nothing to check.)
 */
export interface TemplateLevels {
  names: Set<string>
  /** A text node's `nn`: the last level draws it itself, not through `comp`. */
  textNn: string
  pick: (level: number, nn: string, nested: string) => string
  nest: (nested: string, nn: string) => string
}

export function readTemplateLevels(dist: string): TemplateLevels {
  const base = readFileSync(join(dist, 'base.wxml'), 'utf8')
  const names = new Set([...base.matchAll(/<template name="([^"]+)"/g)].map((match) => match[1]))
  const textNn = /<template name="tmpl_0_(\w+)">\s*<block>\{\{i\.v\}\}<\/block>/.exec(base)?.[1]
  if (!textNn) throw new Error('no text node template in base.wxml')
  const module = { exports: {} as { a: TemplateLevels['pick']; f: TemplateLevels['nest'] } }
  vm.runInNewContext(readFileSync(join(dist, 'utils.wxs'), 'utf8'), { module })
  return { names, textNn, pick: module.exports.a, nest: module.exports.f }
}

/** What drawing a page's data tree takes: templates it lacks, its deepest level, the `comp` instances it needs. */
export interface TemplateWalk {
  missing: string[]
  /** The templates it was drawn with. */
  used: Set<string>
  /** The deepest node's level counted from the page's root (0: the root's children). */
  depth: number
  /** Subtrees that continue in a `comp` component (one component instance each). */
  wrappers: number
}

export interface WalkNode {
  nn?: string
  sid?: string
  cn?: WalkNode[]
}

export function walkTemplates(levels: TemplateLevels, root: WalkNode[]): TemplateWalk {
  const walk: TemplateWalk = { missing: [], used: new Set(), depth: 0, wrappers: 0 }
  // `drawing`: the templates the node is inside of, from its page or `comp` down; WeChat draws nothing for a
  // template that includes itself.
  const visit = (nodes: WalkNode[], level: number, depth: number, nested: string, drawing: string[]) => {
    for (const node of nodes) {
      if (node.nn === undefined) continue
      walk.depth = Math.max(walk.depth, depth)
      let name = levels.pick(level, node.nn, nested)
      let next = { level: level + 1, nested: levels.nest(nested, node.nn), drawing }
      if (name.endsWith('_container')) {
        // The last level: a text node drawn as at level 0; anything else in comp.wxml, `tmpl_0_<nn>` with c: 1
        // and the nesting list restarted at the node.
        name = `tmpl_0_${node.nn}`
        if (node.nn !== levels.textNn) {
          walk.wrappers++
          next = { level: 1, nested: levels.nest('', node.nn), drawing: [] }
        }
      }
      const where = `(node ${node.sid ?? '?'} at depth ${depth})`
      if (!levels.names.has(name)) walk.missing.push(`${name} ${where}`)
      else if (next.drawing.includes(name)) walk.missing.push(`${name} inside itself ${where}`)
      else {
        walk.used.add(name)
        if (node.cn) visit(node.cn, next.level, depth + 1, next.nested, [...next.drawing, name])
      }
    }
  }
  visit(root, 0, 0, '', [])
  return walk
}
