import type { MessageKey } from './i18n/zh-CN'

/** SPEC §2: every route of the app. Read by app.config.ts and the page configs (build time) and by the tests; not bundled at run time. */
export interface RouteGroup {
  /** Subpackage root, `subpackages/{group}`. */
  root: string
  pages: string[]
}

export const TAB_PAGES = ['pages/home/index', 'pages/mine/index'] as const

export const SUBPACKAGES: RouteGroup[] = [
  {
    root: 'subpackages/login',
    pages: ['authorization', 'userPolicy', 'mineUserPolicy', 'privacyPolicy', 'loginByForm', 'registerForm'],
  },
  {
    root: 'subpackages/recharge',
    pages: [
      'phoneBillRecharge',
      'electricBillRecharge',
      'gasBillRecharge',
      'selectPayType',
      'rechargeResult',
      'rechargeElectricResult',
      'rechargeGasResult',
    ],
  },
  { root: 'subpackages/order', pages: ['order', 'orderApplyRefund', 'orderRefundResult'] },
  {
    root: 'subpackages/userAccount',
    pages: ['userAccountList', 'editGasUserAccount', 'editPhoneUserAccount', 'editElectricUserAccount'],
  },
]

/** Pages whose content may scroll as a whole (SPEC §2); all others lay out inside the screen. */
export const SCROLLABLE_PAGES = [
  'authorization',
  'loginByForm',
  'registerForm',
  'userPolicy',
  'mineUserPolicy',
  'privacyPolicy',
  'editGasUserAccount',
]

/** `/subpackages/{group}/{page}/{page}` for a page name. */
export function pagePath(page: string): string {
  const group = SUBPACKAGES.find((g) => g.pages.includes(page))
  if (!group) throw new Error(`unknown page ${page}`)
  return `/${group.root}/${page}/${page}`
}

export function pageTitleKey(page: string): MessageKey {
  return `page.${page}` as MessageKey
}
