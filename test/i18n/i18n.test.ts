import enUS from '../../src/i18n/en-US'
import { systemLocale, translate } from '../../src/i18n/i18n'
import zhCN from '../../src/i18n/zh-CN'

describe('i18n', () => {
  it('is Chinese by default and English only for an English system language', () => {
    expect(systemLocale(undefined)).toBe('zh-CN')
    expect(systemLocale('zh_CN')).toBe('zh-CN')
    expect(systemLocale('zh-Hant')).toBe('zh-CN')
    expect(systemLocale('en')).toBe('en-US')
    expect(systemLocale('en-GB')).toBe('en-US')
    expect(systemLocale('fr-FR')).toBe('zh-CN')
  })

  it('uses the SPEC English texts verbatim for en-US', () => {
    expect(enUS['update.content']).toBe('A new version is ready, restart the app?')
    expect(enUS['update.failed']).toBe('New version download failed, please re-enter')
    expect(enUS['dialog.deleteContent']).toBe('Are you sure you want to delete this data?')
    expect(enUS['dialog.prompt']).toBe('Prompt')
    expect(enUS['tab.home']).toBe('Home')
    expect(enUS['tab.mine']).toBe('Mine')
  })

  it('has every key in both catalogues', () => {
    expect(Object.keys(enUS).sort()).toEqual(Object.keys(zhCN).sort())
  })

  it('falls back to zh-CN for a missing translation, then to the key, and fills parameters', () => {
    const broken = 'xx-XX' as unknown as 'en-US'
    expect(translate(broken, 'tab.home')).toBe('首页')
    expect(translate('en-US', 'no.such.key' as 'tab.home')).toBe('no.such.key')
    expect(translate('en-US', 'tab.home', { n: 1 })).toBe('Home')
  })
})
