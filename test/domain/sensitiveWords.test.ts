import { createSensitiveWordFilter, parseSensitiveWords } from '@domain/sensitiveWords'

describe('parseSensitiveWords (pattern text format)', () => {
  it('splits on | and line breaks, trims, drops empties and duplicates', () => {
    expect(parseSensitiveWords('\uFEFFfoo|bar\nbaz\r\n qux |\r\n||foo\rlast\n')).toEqual([
      'foo',
      'bar',
      'baz',
      'qux',
      'last',
    ])
  })

  it('gives no words for empty or missing text', () => {
    expect(parseSensitiveWords('')).toEqual([])
    expect(parseSensitiveWords(' |\n')).toEqual([])
    expect(parseSensitiveWords(undefined)).toEqual([])
  })
})

describe('createSensitiveWordFilter', () => {
  const filter = createSensitiveWordFilter('傻瓜|赌博\nfoo|Bar')

  it('replaces every character of a match with *', () => {
    expect(filter('你是傻瓜吗')).toBe('你是**吗')
    expect(filter('网络赌博网站，傻瓜')).toBe('网络**网站，**')
    expect(filter('foofoo')).toBe('******')
  })

  it('is case-insensitive both ways', () => {
    expect(filter('FOO Foo fOo')).toBe('*** *** ***')
    expect(filter('bar BAR')).toBe('*** ***')
  })

  it('leaves text without matches unchanged', () => {
    expect(filter('充值成功')).toBe('充值成功')
    expect(filter('')).toBe('')
    expect(filter('fo ba')).toBe('fo ba')
  })

  it('masks the union of overlapping matches', () => {
    const overlapping = createSensitiveWordFilter('abc|cde|he|she|hers')
    expect(overlapping('xabcdex')).toBe('x*****x')
    expect(overlapping('ushers')).toBe('u*****')
    expect(overlapping('abcde abc cde')).toBe('***** *** ***')
  })

  it('masks a word inside a longer word and a longer word containing a shorter one', () => {
    const nested = createSensitiveWordFilter('bc|abcd')
    expect(nested('abcd')).toBe('****')
    expect(nested('xbcx')).toBe('x**x')
    expect(nested('abcx')).toBe('a**x')
  })

  it('puts one * per character, also for characters outside the BMP', () => {
    const emoji = createSensitiveWordFilter('😀x|𠀀')
    expect(emoji('a😀X𠀀b')).toBe('a***b')
  })

  it('filters nested arrays and objects: values only, keys untouched, other leaves kept', () => {
    const input = {
      foo: '傻瓜',
      list: ['foo', 1, true, null, { Bar: 'a bar', n: 2.5 }],
      deep: { deeper: { deepest: ['FOO!'] } },
      empty: {},
      missing: undefined,
    }
    expect(filter(input)).toEqual({
      foo: '**',
      list: ['***', 1, true, null, { Bar: 'a ***', n: 2.5 }],
      deep: { deeper: { deepest: ['***!'] } },
      empty: {},
      missing: undefined,
    })
  })

  it('does not change its input', () => {
    const input = { text: 'foo', list: ['bar', { x: 'foo' }] }
    const snapshot = JSON.parse(JSON.stringify(input))
    const output = filter(input)
    expect(input).toEqual(snapshot)
    expect(output).not.toBe(input)
    expect(output.list).not.toBe(input.list)
    expect(output.list[1]).not.toBe(input.list[1])
  })

  it('keeps a __proto__ key from JSON as data', () => {
    const input = JSON.parse('{"__proto__": {"polluted": "foo"}}')
    const output = filter(input) as Record<string, unknown>
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype)
    expect(Object.keys(output)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('passes numbers, booleans, null and non-plain objects through', () => {
    const date = new Date(0)
    expect(filter(42)).toBe(42)
    expect(filter(null)).toBeNull()
    expect(filter(false)).toBe(false)
    expect(filter(date)).toBe(date)
  })

  it('masks nothing with an empty pattern text', () => {
    expect(createSensitiveWordFilter('')({ a: 'foo' })).toEqual({ a: 'foo' })
  })

  it('treats regex characters in words literally', () => {
    const literal = createSensitiveWordFilter('a.b\n(x)\n$1')
    expect(literal('a.b axb (x) x $1')).toBe('*** axb *** x **')
  })

  it('matches what a per-word replace finds for words that do not overlap', () => {
    const words = ['alpha', 'beta', '伽马', 'delta9']
    const text = 'Alpha and BETA met 伽马 at delta9, not delta8; alphabet'
    let naive = text
    for (const word of words) naive = naive.replace(new RegExp(word, 'gi'), (m) => '*'.repeat(m.length))
    expect(createSensitiveWordFilter(words.join('|'))(text)).toBe(naive)
  })
})
