/** @jest-environment node */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { dropWeuiIcons } from '../../config/dropWeuiIconsLoader'

// Read from its path: jest maps any .css import (and require.resolve) to a style shim.
const taroCss = readFileSync(
  join(__dirname, '../../node_modules/@tarojs/components/dist/taro-components/taro-components.css'),
  'utf8',
)

describe('taro-components.css without the weui icons (H5 build)', () => {
  it('keeps every .taro-app-wrap rule as written and drops the icon font with the rules drawn in it', () => {
    const kept = dropWeuiIcons(taroCss)
    expect(kept).not.toMatch(/weui|@font-face|data:/)
    const baseRules = taroCss.match(/\.taro-app-wrap[^{}]*\{[^{}]*\}/g) ?? []
    expect(baseRules.length).toBeGreaterThan(0)
    expect(kept).toBe(baseRules.join(''))
    expect(kept.length).toBeLessThan(taroCss.length / 4)
  })

  it('fails the build when Taro changes the file so that nothing would be dropped or rules could be cut apart', () => {
    expect(() => dropWeuiIcons('.taro-app-wrap{margin:0}')).toThrow(/no weui icon font/)
    expect(() => dropWeuiIcons('@media (min-width:1px){.weui-icon-x{color:red}}')).toThrow(/flat list/)
  })
})
