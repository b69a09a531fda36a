import Taro from '@tarojs/taro'
import { rechargeFormUrl, type RechargeKind } from '../../../routes'

/**
 * Back to the form the user came from when it is right below (it still holds the account), else a form prefilled from
 * the order.
 */
export function topUpAgain(kind: RechargeKind, orderNo: string): void {
  const url = rechargeFormUrl(kind, { fromOrderNo: orderNo })
  const pages = Taro.getCurrentPages()
  const below = pages[pages.length - 2]?.route?.replace(/^\//, '')
  if (below && url.split('?')[0] === `/${below}`) void Taro.navigateBack({ delta: 1 })
  else void Taro.redirectTo({ url })
}
