import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { readNodeTemplates, readTemplateLevels, walkTemplates, type WalkNode } from './templates'

const WEAPP = join(process.env.MINI_DIST ?? join(__dirname, '../../../dist'), 'weapp')

// The build's own base.wxml and utils.wxs: a node's `nn` per tag, read from its level-0 template.
function build() {
  const levels = readTemplateLevels(WEAPP)
  const nn = (tag: string, hasTap = false) => {
    const found = [...readNodeTemplates(WEAPP, 'weapp')].find(
      ([, template]) => template.tag === tag && template.events.has('tap') === hasTap,
    )
    assert.ok(found, `no ${tag} template in base.wxml`)
    return found[0]
  }
  return { levels, nn }
}

const chain = (nns: string[]): WalkNode => {
  const [first, ...rest] = nns
  return { nn: first, sid: `_n${nns.length}`, ...(rest.length ? { cn: [chain(rest)] } : {}) }
}

test(
  'a deep tree continues in comp from the last level, with every template found',
  { skip: !existsSync(WEAPP) },
  () => {
    const { levels, nn } = build()
    const view = nn('view')
    const shallow = walkTemplates(levels, [chain([view, view, view])])
    assert.deepEqual(shallow, { missing: [], used: shallow.used, depth: 2, wrappers: 0 })
    const deep = walkTemplates(levels, [chain(Array.from({ length: 20 }, () => view))])
    assert.deepEqual(deep.missing, [])
    assert.equal(deep.depth, 19)
    assert.ok(deep.wrappers >= 2, `${deep.wrappers} comp instances for 20 levels`)
  },
)

test(
  'a scroll-view inside a scroll-view is reported: base.wxml draws scroll-views at one level',
  { skip: !existsSync(WEAPP) },
  () => {
    const { levels, nn } = build()
    const scroll = nn('scroll-view', true)
    const view = nn('view')
    assert.deepEqual(walkTemplates(levels, [chain([view, scroll, view, view])]).missing, [])
    const nested = walkTemplates(levels, [chain([view, scroll, view, scroll, view])])
    assert.equal(nested.missing.length, 1)
    assert.match(nested.missing[0], new RegExp(`^tmpl_0_${scroll} inside itself \\(node \\w+ at depth 3\\)$`))
  },
)
