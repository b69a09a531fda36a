import Taro from '@tarojs/taro'
import type { DuplicateOrderRefusal, LifePayOrderListItem } from '@contract/lifePay'
import { confirm, DialogCancelled } from '../../../components/dialogStore'
import { SAME_AMOUNT_WINDOW_MINUTES, type DuplicateReason, type OpenOrderStage } from '@domain/duplicateOrder'
import { label } from '@domain/locale'
import { useLocaleStore } from '../../../i18n/i18n'
import { orderDisplayStatusLabels, orderDisplayStatusOf } from '@domain/orderDisplayStatus'
import { formatLocalTime, parseServerTime } from '@domain/localTime'
import { formatYuan } from '@domain/price'
import { orderDetailUrl, pagePath } from '../../../routes'
import type { BizError } from '../../../services/http/bizError'
import type { RechargeFormMessageKey } from '../formMessages'
import { isGuardRefusal } from './duplicateGuard'

// Issue 20, duplicate guard: the dialog that answers the create call's guard refusals (duplicateGuard.ts). On H5 this
// module loads when the first such refusal arrives (duplicateGuardAnswer.h5.ts).

export type Message = (key: RechargeFormMessageKey, params?: Record<string, string | number>) => string

const TITLE: Record<DuplicateReason, RechargeFormMessageKey> = {
  unpaid: 'duplicateUnpaid',
  paying: 'duplicatePaying',
  recharging: 'duplicateRecharging',
  recentlyPaid: 'duplicateRecentlyPaid',
}

const STAGE: Record<OpenOrderStage, RechargeFormMessageKey> = {
  unpaid: 'duplicateStageUnpaid',
  paying: 'duplicateStagePaying',
  recharging: 'duplicateStageRecharging',
}

/** Where the earlier order stands: its open stage, or for one paid just now what its own page says (e.g. 充值成功). */
function stageText(reason: DuplicateReason, order: LifePayOrderListItem, m: Message): string {
  if (reason !== 'recentlyPaid') return m(STAGE[reason])
  const status = orderDisplayStatusOf(order)
  return label(orderDisplayStatusLabels, status, useLocaleStore.getState().locale)
}

/** Cancelled by its button (the dialog's own second action), not by a tap beside it. */
const cancelledByButton = (error: unknown) => error instanceof DialogCancelled && !error.byMask

/** The earlier order's creation time, 'MM-DD HH:mm' local. */
function creationTime(iso: string): string {
  const time = parseServerTime(iso)
  return time ? formatLocalTime(time, 'MM-DD HH:mm') : ''
}

async function promptDuplicate(refusal: BizError, m: Message): Promise<'anyway' | 'answered'> {
  // Without the earlier order (a back end that sends less, issue 36): the refusal's own words, no link to follow.
  const answer = refusal.data as Partial<DuplicateOrderRefusal> | null
  const data = answer?.order ? (answer as DuplicateOrderRefusal) : null
  const reason = data?.reason ?? 'unpaid'
  const title = data ? m(TITLE[reason], { minutes: SAME_AMOUNT_WINDOW_MINUTES }) : (refusal.msg ?? '')
  const content = data
    ? m('duplicateOrderLine', {
        stage: stageText(reason, data.order, m),
        amount: formatYuan(data.order.parValue),
        time: creationTime(data.order.creationTime),
      })
    : ''
  try {
    await confirm({ title, content, cancelText: m('viewOrder'), confirmText: m('topUpAnyway') })
    return 'anyway'
  } catch (error) {
    if (cancelledByButton(error) && data) void Taro.navigateTo({ url: orderDetailUrl(data.order.orderNo) })
    return 'answered'
  }
}

async function promptOpenOrderLimit(refusal: BizError, m: Message): Promise<'answered'> {
  try {
    await confirm({
      title: m('openOrderLimitTitle'),
      content: refusal.msg ?? '',
      cancelText: m('gotIt'),
      confirmText: m('viewOrders'),
    })
    void Taro.navigateTo({ url: pagePath('order') })
  } catch {
    // "Got it" or a tap beside the box: the form stays as it is.
  }
  return 'answered'
}

/**
 * Answers a create call's failure when it is the duplicate guard's: DUPLICATE_ORDER asks "view order / top up anyway"
 * ('anyway': resend it acknowledged), OPEN_ORDER_LIMIT says so with a way to the orders. null for any other failure.
 */
export async function answerDuplicateGuard(error: unknown, m: Message): Promise<'anyway' | 'answered' | null> {
  if (!isGuardRefusal(error)) return null
  return error.code === 'DUPLICATE_ORDER' ? promptDuplicate(error, m) : promptOpenOrderLimit(error, m)
}
