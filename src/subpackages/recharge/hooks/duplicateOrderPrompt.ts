import Taro from '@tarojs/taro'
import type { ApiErrorCode } from '../../../../types/api/errorCodes'
import type { DuplicateOrderRefusal } from '../../../../types/api/lifePay'
import { confirm, DialogCancelled } from '../../../components/dialogStore'
import { SAME_AMOUNT_WINDOW_MINUTES, type DuplicateReason } from '../../../domain/duplicateOrder'
import { formatLocalTime, parseServerTime } from '../../../domain/localTime'
import { formatYuan } from '../../../domain/price'
import { orderDetailUrl, pagePath } from '../../../routes'
import { isBizError, type BizError } from '../../../services/http/bizError'
import type { CallOptions } from '../../../services/http/requestOptions'
import type { RechargeMessageKey } from '../messages'

// Issue 20, duplicate guard: the create call's two refusals that the user answers in a dialog rather than reads in a
// toast (the server's rule: src/domain/duplicateOrder.ts).

type Message = (key: RechargeMessageKey, params?: Record<string, string | number>) => string

const GUARD_CODES: readonly ApiErrorCode[] = ['DUPLICATE_ORDER', 'OPEN_ORDER_LIMIT']

const isGuardRefusal = (error: unknown): error is BizError =>
  isBizError(error) && error.code !== null && GUARD_CODES.includes(error.code)

/** The create call's options: the guard's refusals are left to the prompt, so no toast repeats the dialog. */
export const duplicateGuardCall: CallOptions = { customErrorHandler: (error) => isGuardRefusal(error) }

const TITLE: Record<DuplicateReason, RechargeMessageKey> = {
  unpaid: 'duplicateUnpaid',
  paying: 'duplicatePaying',
  recharging: 'duplicateRecharging',
  recentlyPaid: 'duplicateRecentlyPaid',
}

const STAGE: Record<DuplicateReason, RechargeMessageKey> = {
  unpaid: 'duplicateStageUnpaid',
  paying: 'duplicateStagePaying',
  recharging: 'duplicateStageRecharging',
  recentlyPaid: 'duplicateStageRecentlyPaid',
}

/** Cancelled by its button (the dialog's own second action), not by a tap beside it. */
const cancelledByButton = (error: unknown) => error instanceof DialogCancelled && !error.byMask

/** The earlier order's creation time, 'MM-DD HH:mm' local. */
function creationTime(iso: string): string {
  const time = parseServerTime(iso)
  return time ? formatLocalTime(time, 'MM-DD HH:mm') : ''
}

async function promptDuplicate(refusal: BizError, m: Message): Promise<'anyway' | 'answered'> {
  const data = refusal.data as DuplicateOrderRefusal | null
  const reason = data?.reason ?? 'unpaid'
  const title = data ? m(TITLE[reason], { minutes: SAME_AMOUNT_WINDOW_MINUTES }) : (refusal.msg ?? '')
  const content = data
    ? m('duplicateOrderLine', {
        stage: m(STAGE[reason]),
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
