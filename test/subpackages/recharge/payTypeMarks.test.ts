import { readFileSync } from 'fs'
import { join } from 'path'

/** The drawn brand marks (jest stands a stub in for image imports, so the files themselves are read here). */
function mark(name: string): Document {
  const text = readFileSync(join(__dirname, '../../../src/assets/payType', `${name}.svg`), 'utf8')
  return new DOMParser().parseFromString(text, 'image/svg+xml')
}

describe('pay type marks', () => {
  it.each([
    ['wxPay', '#07C160'],
    ['aliPay', '#1677FF'],
  ])('%s is a well-formed square SVG on its brand colour', (name, colour) => {
    const svg = mark(name)
    expect(svg.querySelector('parsererror')).toBeNull()
    const root = svg.documentElement
    expect(root.getAttribute('viewBox')).toBe('0 0 48 48')
    // The tile: the brand colour over the whole square; the sign drawn on it in white.
    const tile = root.querySelector('rect')
    expect([tile?.getAttribute('width'), tile?.getAttribute('height'), tile?.getAttribute('fill')]).toEqual([
      '48',
      '48',
      colour,
    ])
    expect(root.innerHTML).toContain('#fff')
    // Drawn with paths only: mini-program image decoders need no font for the 支.
    expect(root.querySelector('text')).toBeNull()
  })
})
