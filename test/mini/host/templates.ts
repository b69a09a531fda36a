import { readFileSync } from 'node:fs'
import { join } from 'node:path'

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
