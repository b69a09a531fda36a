import type { LifePayOrderType } from '@domain/lifePayOrderType'

/**
 * Every react-query key of the app in one place, so a change anywhere invalidates what shows it everywhere
 * (e.g. saving an account refreshes the account list, the home page and the top-up pages' pickers).
 */
export const queryKeys = {
  /** Prefix of the rate queries: one per caller, since a logged-in user's rates are their own channel's. */
  rate: ['lifePay', 'rate'] as const,
  rateOf: (caller: string) => ['lifePay', 'rate', caller] as const,
  phoneParValue: ['lifePay', 'parValue', 'phone'] as const,
  electricParValue: ['lifePay', 'parValue', 'electric'] as const,
  gasParValue: ['lifePay', 'parValue', 'gas'] as const,
  electricSupportArea: ['lifePay', 'electricSupportArea'] as const,
  /** Prefix of every saved-account query. */
  userAccountsRoot: ['lifePay', 'userAccounts'] as const,
  userAccounts: (type?: LifePayOrderType) => ['lifePay', 'userAccounts', 'all', type ?? 'any'] as const,
  userAccount: (id: string) => ['lifePay', 'userAccounts', 'detail', id] as const,
  /** Prefix of every order query (lists, details). */
  ordersRoot: ['lifePay', 'orders'] as const,
  orderPage: (type?: LifePayOrderType) => ['lifePay', 'orders', 'page', type ?? 'any'] as const,
  recentOrders: (pageSize: number) => ['lifePay', 'orders', 'page', 'any', 'recent', pageSize] as const,
  order: (orderNo: string) => ['lifePay', 'orders', 'detail', orderNo] as const,
  /** Outside ordersRoot: a new pay status refreshes the order queries, and must not ask for itself again. */
  payStatus: (orderNo: string) => ['lifePay', 'payStatus', orderNo] as const,
  /** The user's top-up reminders (issue 20). */
  reminders: ['lifePay', 'reminders'] as const,
  // Issue 20: the lookups before paying, one entry per account (or number) asked about.
  accountCheck: (input: object) => ['lifePay', 'accountCheck', input] as const,
  carrierCheck: (phone: string) => ['lifePay', 'carrierCheck', phone] as const,
  /** Issue 20: a host's subscribe-message templates per order event. */
  notificationTemplates: (channel: string) => ['lifePay', 'notificationTemplates', channel] as const,
}
