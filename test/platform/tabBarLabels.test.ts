import { useLocaleStore } from '../../src/i18n/i18n'
import { TAB_LABEL_KEYS, TAB_PAGES } from '../../src/routes'
import { labelTabBarBeforeItLoads } from '../../src/platform/tabBarLabels.h5'

// The H5 tab bar reads its labels from the app config as it loads; they are written there in the user's language
// before it does.

// As app.config.ts writes it (the hosts' first draw, in zh-CN).
const freshConfig = () => ({
  tabBar: {
    list: [
      { pagePath: 'pages/home/index', text: '首页' },
      { pagePath: 'pages/mine/index', text: '我的' },
    ],
  },
})
const labels = (config: ReturnType<typeof freshConfig>) => config.tabBar?.list.map((item) => item.text)

afterEach(() => useLocaleStore.setState({ locale: 'zh-CN' }))

it('labels the tab bar in English for an English user, in TAB_PAGES order', () => {
  useLocaleStore.setState({ locale: 'en-US' })
  const config = freshConfig()
  labelTabBarBeforeItLoads(config)
  expect(labels(config)).toEqual(['Home', 'Mine'])
  expect(config.tabBar?.list.map((item) => item.pagePath)).toEqual([...TAB_PAGES])
  expect(TAB_LABEL_KEYS).toHaveLength(TAB_PAGES.length)
})

it('keeps the Chinese labels for a Chinese user', () => {
  const config = freshConfig()
  labelTabBarBeforeItLoads(config)
  expect(labels(config)).toEqual(['首页', '我的'])
})

it('reads the entry’s window.__taroAppConfig, and does nothing without a tab bar', () => {
  useLocaleStore.setState({ locale: 'en-US' })
  const config = freshConfig()
  Object.assign(window, { __taroAppConfig: config })
  labelTabBarBeforeItLoads()
  expect(labels(config)).toEqual(['Home', 'Mine'])
  expect(() => labelTabBarBeforeItLoads({})).not.toThrow()
  delete (window as { __taroAppConfig?: unknown }).__taroAppConfig
})
