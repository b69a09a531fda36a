import { label, type Locale } from '@domain/locale'
import { lifePayOrderTypeLabels } from '@domain/lifePayOrderType'
import { lifePayTypeLabels } from '@domain/lifePayType'
import { formatYuan } from '@domain/price'
import { formatMessage } from '../../../i18n/messages'
import type { LifePayOrderDetail } from '@contract/lifePay'
import { maskLifePayAccount } from '@domain/mask'
import { orderMessages, type OrderMessageKey } from '../messages'
import { formatOrderTime } from '../orderTime'

export interface ReceiptRow {
  label: string
  value: string
}

/** What a receipt says, in the user's language: drawn as the page and, the same words, as the saved image. */
export interface ReceiptContent {
  title: string
  status: string
  /** The amount paid, the receipt's headline. */
  amount: string
  rows: ReceiptRow[]
  footer: string
}

/** The row of a field the back end sent; none for a field it left out (one production lacks, issue 36). */
const present = <T>(value: T | undefined, row: (value: T) => ReceiptRow): ReceiptRow[] =>
  value === undefined ? [] : [row(value)]

/**
 * A completed order's receipt: order and supplier serial numbers, times, type, account, face value, amount paid,
 * discount and pay type. The account is masked as the lists mask it: a saved image travels further than the page.
 */
export function receiptContent(order: LifePayOrderDetail, locale: Locale): ReceiptContent {
  const m = (key: OrderMessageKey) => formatMessage(orderMessages, locale, key)
  const time = (iso: string | null) => formatOrderTime(iso, 'YYYY-MM-DD HH:mm:ss') || m('receiptNone')
  return {
    title: m('receiptTitle'),
    status: m('receiptSucceeded'),
    amount: formatYuan(order.payAmount),
    rows: [
      { label: m('orderNo'), value: order.orderNo },
      ...present(order.supplierOrderNo, (no) => ({ label: m('receiptSupplierNo'), value: no ?? m('receiptNone') })),
      { label: m('rechargeType'), value: label(lifePayOrderTypeLabels, order.lifePayOrderType, locale) },
      ...present(order.account, (account) => ({
        label: m('account'),
        value: maskLifePayAccount(order.lifePayOrderType, account),
      })),
      { label: m('faceValue'), value: formatYuan(order.parValue) },
      { label: m('discount'), value: `-${formatYuan(order.discountAmount)}` },
      { label: m('amountPaid'), value: formatYuan(order.payAmount) },
      {
        label: m('payType'),
        value: order.lifePayType ? label(lifePayTypeLabels, order.lifePayType, locale) : m('receiptNone'),
      },
      { label: m('createdAt'), value: time(order.creationTime) },
      { label: m('paidAt'), value: time(order.payTime) },
      { label: m('finishedAt'), value: time(order.finishTime) },
    ],
    footer: m('receiptFooter'),
  }
}
