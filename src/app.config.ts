import { appWindow } from './pageConfig'
import { SUBPACKAGES, TAB_PAGES } from './routes'

/**
 * Groups whose pages are each a subpackage of their own, rooted at the page's directory (issue 21: every subpackage
 * ≤ 100 KiB; recharge's seven pages were 110 KiB together). The page paths stay `subpackages/{group}/{page}/{page}`:
 * roots cannot nest, so a group splits into one root per page or not at all.
 */
const RECHARGE = 'subpackages/recharge'
const ONE_PACKAGE_PER_PAGE = [RECHARGE]
const rechargePackage = (page: string) => `${RECHARGE}/${page}`
const TOP_UP_FORMS = ['phoneBillRecharge', 'electricBillRecharge', 'gasBillRecharge']
const RESULT_OF_FORM: Record<string, string> = {
  phoneBillRecharge: 'rechargeResult',
  electricBillRecharge: 'rechargeElectricResult',
  gasBillRecharge: 'rechargeGasResult',
}

// Subpackages are loaded on demand; the main package keeps only the two tab pages.
export default defineAppConfig({
  entryPagePath: 'pages/home/index',
  pages: [...TAB_PAGES],
  subPackages: SUBPACKAGES.flatMap((g) =>
    ONE_PACKAGE_PER_PAGE.includes(g.root)
      ? g.pages.map((p) => ({ root: `${g.root}/${p}`, pages: [p] }))
      : [{ root: g.root, pages: g.pages.map((p) => `${p}/${p}`) }],
  ),
  // Home opens the top-up forms; a form's order is paid on selectPayType and followed on the form's result page, so
  // both are fetched while the form is filled in and paying never waits on a download.
  preloadRule: {
    'pages/home/index': { network: 'all', packages: TOP_UP_FORMS.map(rechargePackage) },
    ...Object.fromEntries(
      TOP_UP_FORMS.map((form) => [
        `${rechargePackage(form)}/${form}`,
        { network: 'all', packages: [rechargePackage('selectPayType'), rechargePackage(RESULT_OF_FORM[form])] },
      ]),
    ),
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
  // Each host gets its own keys only (scripts/miniTemplates.ts checks the built app.json).
  ...(process.env.TARO_ENV === 'weapp'
    ? {
        // SPEC §1 declares it; no location API is called yet, so no host asks (docs/decisions/regions.md).
        permission: {
          'scope.userLocation': { desc: '你的位置信息将用于预选你所在城市的电费缴费地区' },
        },
        lazyCodeLoading: 'requiredComponents',
      }
    : {}),
  // H5: no page slide animation, pages appear at once like the mini-programs'.
  ...(process.env.TARO_ENV === 'h5' ? { animation: false } : {}),
})
