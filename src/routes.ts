import { LifePayOrderType } from '@domain/lifePayOrderType'
import type { MessageKey } from './i18n/zh-CN'

/**
 * SPEC §2: every route of the app (read by app.config.ts and the page configs at build time), and the one place page
 * URLs are built: one builder per page that takes parameters, each passing only what that page reads.
 */
export interface RouteGroup {
  /** Subpackage root, `subpackages/{group}`. */
  root: string
  pages: string[]
}

export const TAB_PAGES = ['pages/home/index', 'pages/mine/index'] as const

/** The tab bar's labels, in TAB_PAGES' order (app.config.ts has them in zh-CN, the hosts' first draw). */
export const TAB_LABEL_KEYS = ['tab.home', 'tab.mine'] as const satisfies readonly MessageKey[]

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
  // orderReceipt: issue 20, item 5.
  { root: 'subpackages/order', pages: ['order', 'orderApplyRefund', 'orderRefundResult', 'orderReceipt'] },
  {
    root: 'subpackages/userAccount',
    pages: [
      'userAccountList',
      'editGasUserAccount',
      'editPhoneUserAccount',
      'editElectricUserAccount',
      'topUpReminder',
      'reminderList',
      'cancelReminder',
    ],
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
  'topUpReminder',
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

type QueryValue = string | number | null | undefined

/**
 * `path?a=1&b=2`, leaving out empty values; values through encodeURIComponent, names as written (identifiers). H5 hands
 * a page its values decoded and the mini-programs as sent, so a value must read the same both ways: ids, order
 * numbers, numbers and kinds do; a value that can hold reserved characters (login's `redirect`) is decoded by its
 * reader.
 */
export function withQuery(path: string, query: Record<string, QueryValue>): string {
  const pairs = Object.entries(query)
    .filter(
      (entry): entry is [string, string | number] => entry[1] !== null && entry[1] !== undefined && entry[1] !== '',
    )
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path
}

/** The `type` of selectPayType's query: which utility an order tops up; also names the form and result pages. */
export type RechargeKind = 'phone' | 'electric' | 'gas'

export const rechargeKindOf: Readonly<Record<LifePayOrderType, RechargeKind>> = {
  [LifePayOrderType.Phone]: 'phone',
  [LifePayOrderType.Electric]: 'electric',
  [LifePayOrderType.Gas]: 'gas',
}

export const rechargeOrderType: Readonly<Record<RechargeKind, LifePayOrderType>> = {
  phone: LifePayOrderType.Phone,
  electric: LifePayOrderType.Electric,
  gas: LifePayOrderType.Gas,
}

export function isRechargeKind(value: unknown): value is RechargeKind {
  return value === 'phone' || value === 'electric' || value === 'gas'
}

const RECHARGE_FORM: Record<RechargeKind, string> = {
  phone: 'phoneBillRecharge',
  electric: 'electricBillRecharge',
  gas: 'gasBillRecharge',
}

const RECHARGE_RESULT: Record<RechargeKind, string> = {
  phone: 'rechargeResult',
  electric: 'rechargeElectricResult',
  gas: 'rechargeGasResult',
}

/** What the top-up forms read: a saved account or an earlier order to load, a face value; the phone form the number. */
export interface RechargeFormQuery {
  phone?: string
  parValue?: number
  accountId?: string
  fromOrderNo?: string
}

/** A top-up form, prefilled from what `query` names. */
export function rechargeFormUrl(kind: RechargeKind, query: RechargeFormQuery = {}): string {
  const { phone, parValue, accountId, fromOrderNo } = query
  return withQuery(pagePath(RECHARGE_FORM[kind]), { phone, parValue, accountId, fromOrderNo })
}

/** The pay page of an order; `kind` when known (else the page reads it from the order). */
export function selectPayTypeUrl(orderNo: string, kind?: RechargeKind): string {
  return withQuery(pagePath('selectPayType'), { orderNo, type: kind })
}

export function rechargeResultUrl(kind: RechargeKind, orderNo: string): string {
  return withQuery(pagePath(RECHARGE_RESULT[kind]), { orderNo })
}

/** The order page in detail mode (without an order number it is the order list). */
export function orderDetailUrl(orderNo: string): string {
  return withQuery(pagePath('order'), { orderNo })
}

export function applyRefundUrl(orderNo: string): string {
  return withQuery(pagePath('orderApplyRefund'), { orderNo })
}

export function refundResultUrl(orderNo: string): string {
  return withQuery(pagePath('orderRefundResult'), { orderNo })
}

/** A completed order's receipt (issue 20, item 5). */
export function orderReceiptUrl(orderNo: string): string {
  return withQuery(pagePath('orderReceipt'), { orderNo })
}

const ACCOUNT_EDIT: Record<LifePayOrderType, string> = {
  [LifePayOrderType.Phone]: 'editPhoneUserAccount',
  [LifePayOrderType.Electric]: 'editElectricUserAccount',
  [LifePayOrderType.Gas]: 'editGasUserAccount',
}

/** The edit page of a type: adds without `id`, updates with it. */
export function editAccountUrl(type: LifePayOrderType, id?: string): string {
  return withQuery(pagePath(ACCOUNT_EDIT[type] ?? ACCOUNT_EDIT[LifePayOrderType.Phone]), { id })
}

/** The saved-account list, on the tab of `type`. */
export function accountListUrl(type?: LifePayOrderType): string {
  return withQuery(pagePath('userAccountList'), { type })
}

/** The reminder page of a saved account (issue 20): set a top-up reminder on it. */
export function topUpReminderUrl(accountId: string): string {
  return withQuery(pagePath('topUpReminder'), { accountId })
}

/** A positive number from a page query value, else undefined. */
export function numberParam(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const number = Number(value)
  return Number.isFinite(number) && number > 0 ? number : undefined
}
