import { checkPatchedModules, PATCHED_MODULES, PATCHED_VERSIONS } from '../../config/patchedModules'

// config/index.ts runs this check as the build's config loads: the installed libraries pass it on every platform, and
// a moved file, a rewritten one or another version stops the build naming the patch.
describe('config/patchedModules.ts: the build stops when a patched library changes', () => {
  it.each(['h5', 'weapp', 'alipay'])(
    'the installed libraries are what the patches of %s were written for',
    (platform) => {
      expect(() => checkPatchedModules(platform)).not.toThrow()
    },
  )

  it('a patched file that moved stops the build, naming its patch', () => {
    const moved = PATCHED_MODULES.map((m) =>
      m.patch.startsWith('copyToastOnDemand') ? { ...m, file: 'dist/api/device/clipboard/index.js' } : m,
    )
    expect(() => checkPatchedModules('h5', moved)).toThrow(
      /copyToastOnDemand \(config\/h5CopyToastOnDemand\.js\): @tarojs\/taro-h5\/dist\/api\/device\/clipboard\/index\.js is gone/,
    )
  })

  it('a patched file without the text its patch relies on stops the build', () => {
    const rewritten = PATCHED_MODULES.map((m) =>
      m.patch.startsWith('dropTaroHtmlParser') ? { ...m, contains: ['export { setInnerHTML, parseHTML }'] } : m,
    )
    expect(() => checkPatchedModules('weapp', rewritten)).toThrow(/dropTaroHtmlParser .* no longer has export/)
    // Only the platforms a patch applies to read its file.
    expect(() => checkPatchedModules('h5', rewritten)).not.toThrow()
  })

  it('another version of a patched package stops the build', () => {
    expect(() => checkPatchedModules('h5', PATCHED_MODULES, { ...PATCHED_VERSIONS, axios: '1.22.0' })).toThrow(
      /axios is 1\.21\.1, the patches were written for 1\.22\.0/,
    )
  })
})
