/**
 * @jest-environment node
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import postcss from 'postcss'
import { compile } from 'sass'

// Every page's styles are one stylesheet (config/index.ts, `pageStyles`), its files in an order webpack picks. Two
// rules of equal weight (one class each) from different files that style the same element would make the page's look
// depend on that order: `.lp-paytype`'s padding-top once lost to `.lp-recharge`'s padding that way, and the card
// touched the nav bar. Such a rule names both classes (`.lp-recharge.lp-paytype`), which wins in any order.

const SRC = join(__dirname, '../../src')

function filesUnder(dir: string, extension: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return filesUnder(path, extension)
    return entry.name.endsWith(extension) ? [path] : []
  })
}

/** Longhands are compared with their shorthand (padding-top with padding). */
const SHORTHANDS = new Set(['padding', 'margin', 'border', 'background', 'font', 'flex', 'grid', 'overflow', 'inset'])
const familyOf = (property: string) => (SHORTHANDS.has(property.split('-')[0]) ? property.split('-')[0] : property)

interface ClassRule {
  file: string
  /** property → value, for every rule whose selector is this one class alone. */
  declarations: Map<string, string>
}

/** Each class's one-class rules, per stylesheet. */
function oneClassRules(): Map<string, ClassRule[]> {
  const rules = new Map<string, ClassRule[]>()
  for (const path of filesUnder(SRC, '.scss')) {
    const file = relative(SRC, path)
    postcss.parse(compile(path).css).walkRules((rule) => {
      for (const selector of rule.selectors) {
        const name = /^\.([\w-]+)$/.exec(selector.trim())?.[1]
        if (!name) continue
        let entry = rules.get(name)?.find((r) => r.file === file)
        if (!entry) {
          entry = { file, declarations: new Map() }
          rules.set(name, [...(rules.get(name) ?? []), entry])
        }
        const declarations = entry.declarations
        rule.walkDecls((declaration) => void declarations.set(declaration.prop, declaration.value))
      }
    })
  }
  return rules
}

/** The expression after each `className=` (a string, or the braces' text), read to its end. */
function classNameExpressions(source: string): string[] {
  const found: string[] = []
  for (const match of source.matchAll(/className=/g)) {
    const start = (match.index ?? 0) + match[0].length
    const open = source[start]
    if (open === "'" || open === '"') found.push(source.slice(start + 1, source.indexOf(open, start + 1)))
    else if (open === '{') {
      let depth = 0
      for (let i = start; i < source.length; i++) {
        if (source[i] === '{') depth++
        else if (source[i] === '}' && --depth === 0) {
          found.push(source.slice(start, i + 1))
          break
        }
      }
    }
  }
  return found
}

/** What each family of properties is set to by one class's rule in one file. */
function byFamily(declarations: Map<string, string>): Map<string, string> {
  const families = new Map<string, string>()
  for (const [property, value] of declarations) {
    const family = familyOf(property)
    families.set(family, `${families.get(family) ?? ''}${property}:${value};`)
  }
  return families
}

test('no element takes two classes whose rules, from different files, set the same property differently', () => {
  const rules = oneClassRules()
  const conflicts = new Set<string>()
  for (const path of filesUnder(SRC, '.tsx')) {
    for (const expression of classNameExpressions(readFileSync(path, 'utf8'))) {
      // Every class the expression can give the element (conditional ones included: they may come together).
      const classes = [...new Set(expression.match(/\blp-[\w-]+/g) ?? [])]
      for (const a of classes)
        for (const b of classes) {
          if (a >= b) continue
          for (const ruleA of rules.get(a) ?? [])
            for (const ruleB of rules.get(b) ?? []) {
              if (ruleA.file === ruleB.file) continue
              const familiesA = byFamily(ruleA.declarations)
              for (const [family, setB] of byFamily(ruleB.declarations))
                if (familiesA.has(family) && familiesA.get(family) !== setB)
                  conflicts.add(
                    `${relative(SRC, path)}: .${a} (${ruleA.file}) and .${b} (${ruleB.file}) both set ${family}`,
                  )
            }
        }
    }
  }
  expect([...conflicts]).toEqual([])
})

test('reads every className expression, and compares a longhand with its shorthand', () => {
  // The reader itself: a two-class element and the expressions it reads.
  expect(
    classNameExpressions(`<View className='lp-recharge lp-paytype'><View className={\`a \${on ? 'b' : ''}\`} />`),
  ).toEqual(['lp-recharge lp-paytype', "{`a ${on ? 'b' : ''}`}"])
  const recharge = byFamily(new Map([['padding', '0 24px 220px']]))
  const payType = byFamily(new Map([['padding-top', '24px']]))
  expect([recharge.has('padding'), payType.has('padding'), recharge.get('padding') !== payType.get('padding')]).toEqual(
    [true, true, true],
  )
})
