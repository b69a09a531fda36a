/** @jest-environment node */
import { readdirSync, readFileSync } from 'fs'
import { join } from 'path'

// The server imports src/domain under Node: no framework, HTTP client or platform global may creep in.
const dir = join(__dirname, '../../src/domain')
const files = readdirSync(dir).filter((file) => file.endsWith('.ts'))

describe('src/domain stays pure', () => {
  it('has files to check', () => {
    expect(files.length).toBeGreaterThan(10)
  })

  it.each(files)('%s imports only sibling domain files', (file) => {
    const source = readFileSync(join(dir, file), 'utf8')
    const imports = /\bfrom\s+'([^']+)'|\brequire\(\s*'([^']+)'\s*\)|\bimport\(\s*'([^']+)'\s*\)/g
    const specifiers = Array.from(source.matchAll(imports)).map((match) => match[1] ?? match[2] ?? match[3])
    expect(specifiers.filter((specifier) => !/^\.\/[A-Za-z]+$/.test(specifier))).toEqual([])
  })

  it.each(files)('%s uses no Taro, wx/my, window, atob, Buffer or TextDecoder global', (file) => {
    const source = readFileSync(join(dir, file), 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '')
    expect(source).not.toMatch(/\b(Taro|wx|my|window|document|atob|btoa|Buffer|TextDecoder|TextEncoder)\s*[.(]/)
  })

  it('uses plain enums, not const enums (babel and the server read them at run time)', () => {
    for (const file of files) expect(readFileSync(join(dir, file), 'utf8')).not.toMatch(/const\s+enum/)
  })

  it('has no barrel index file', () => {
    expect(files).not.toContain('index.ts')
  })
})
