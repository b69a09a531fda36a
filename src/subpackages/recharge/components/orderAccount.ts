import type { LifePayOrderDetail } from '@contract/lifePay'
import { carrierCodeLabels } from '@domain/carrier'
import { electricTypeLabels } from '@domain/electric'
import { gasProviderLabels } from '@domain/gas'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { label, type Locale } from '@domain/locale'
import { maskAccount, maskPhone } from '@domain/mask'

/** 'China Mobile 138****5678', 'State Grid 320****7890', 'ENN Natural Gas GZ2****0001'. */
export function orderAccountLine(
  order: Pick<LifePayOrderDetail, 'lifePayOrderType' | 'account' | 'ispCode' | 'electricType' | 'gasOrgType'>,
  locale: Locale,
): string {
  switch (order.lifePayOrderType) {
    case LifePayOrderType.Phone:
      return [order.ispCode ? label(carrierCodeLabels, order.ispCode, locale) : '', maskPhone(order.account)]
        .filter(Boolean)
        .join(' ')
    case LifePayOrderType.Electric:
      return [
        order.electricType ? label(electricTypeLabels, order.electricType, locale) : '',
        maskAccount(order.account),
      ]
        .filter(Boolean)
        .join(' ')
    default:
      return [order.gasOrgType ? label(gasProviderLabels, order.gasOrgType, locale) : '', maskAccount(order.account)]
        .filter(Boolean)
        .join(' ')
  }
}
