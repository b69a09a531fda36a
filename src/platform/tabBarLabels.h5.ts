import { translate, useLocaleStore } from '../i18n/i18n'
import { TAB_LABEL_KEYS } from '../routes'

interface TabBarConfig {
  tabBar?: { list?: { text?: string }[] }
}

/**
 * H5: the tab bar starts with its labels in the user's language. Taro's H5 tab bar is a web component that reads the
 * app config's labels when it loads and takes setTabBarItem only once loaded, later than the page's first effects:
 * an effect's setTabBarItem then went to no listener, and a cold open of a tab page in English kept 首页 and 我的 (the
 * browser suite's tour caught it under load). Run while the app module is evaluated, after the entry has set
 * `window.__taroAppConfig` and before it creates the router and the tab bar.
 */
export function labelTabBarBeforeItLoads(config: TabBarConfig | undefined = readAppConfig()): void {
  const list = config?.tabBar?.list
  if (!list) return
  const { locale } = useLocaleStore.getState()
  TAB_LABEL_KEYS.forEach((key, i) => {
    if (list[i]) list[i].text = translate(locale, key)
  })
}

function readAppConfig(): TabBarConfig | undefined {
  return (window as unknown as { __taroAppConfig?: TabBarConfig }).__taroAppConfig
}
