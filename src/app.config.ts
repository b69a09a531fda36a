import { appWindow } from './pageConfig'
import { SUBPACKAGES, TAB_PAGES } from './routes'

// Subpackages are loaded on demand; the main package keeps only the two tab pages.
export default defineAppConfig({
  entryPagePath: 'pages/home/index',
  pages: [...TAB_PAGES],
  subPackages: SUBPACKAGES.map((g) => ({ root: g.root, pages: g.pages.map((p) => `${p}/${p}`) })),
  preloadRule: {
    'pages/home/index': { network: 'all', packages: ['subpackages/recharge'] },
  },
  window: appWindow(),
  tabBar: {
    color: '#646973',
    selectedColor: '#c2410c',
    backgroundColor: '#ffffff',
    borderStyle: 'white',
    list: [
      {
        pagePath: 'pages/home/index',
        text: '首页',
        iconPath: 'assets/tab/home.png',
        selectedIconPath: 'assets/tab/home-active.png',
      },
      {
        pagePath: 'pages/mine/index',
        text: '我的',
        iconPath: 'assets/tab/mine.png',
        selectedIconPath: 'assets/tab/mine-active.png',
      },
    ],
  },
  // SPEC §1 declares it; no location API is called yet, so no host asks (docs/decisions.md § Location city).
  permission: {
    'scope.userLocation': { desc: '你的位置信息将用于预选你所在城市的电费缴费地区' },
  },
  lazyCodeLoading: 'requiredComponents',
  // H5: no page slide animation, pages appear at once like the mini-programs'.
  animation: false,
})
