import { Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { UseQueryResult } from '@tanstack/react-query'
import { LifePayOrderType, lifePayOrderTypeLabels } from '@domain/lifePayOrderType'
import { label } from '@domain/locale'
import { maskAccount, maskPhone } from '@domain/mask'
import { UNPAID_ORDER_CLOSE_MS } from '@domain/constants'
import { canPayOrder, isOrderClosed } from '@domain/orderTransitions'
import {
  OrderDisplayStatus,
  orderDisplayStatusColors,
  orderDisplayStatusLabels,
  orderDisplayStatusOf,
} from '@domain/orderDisplayStatus'
import { useLocaleStore } from '../../i18n/i18n'
import { useMessages } from '../../i18n/messages'
import { pagePath, rechargeKindOf, selectPayTypeUrl } from '../../routes'
import type { PageResult } from '@contract/envelope'
import type { LifePayOrderListItem } from '@contract/lifePay'
import { homeMessages } from './messages'
import SectionCard from './SectionCard'
import { repeatOrderUrl } from './topUpLinks'
import TopUpRow from './TopUpRow'

/**
 * The latest orders with their status; "top up again" opens the same top-up with number and face value filled in,
 * and an order still waiting to be paid offers "pay" instead.
 */
export default function RecentOrders({
  query,
  count,
}: {
  query: UseQueryResult<PageResult<LifePayOrderListItem>>
  count: number
}) {
  const m = useMessages(homeMessages)
  const locale = useLocaleStore((s) => s.locale)
  const orders = query.data?.items ?? []
  return (
    <SectionCard
      title={m('recentOrders')}
      action={{ text: m('allOrders'), onClick: () => void Taro.navigateTo({ url: pagePath('order') }) }}
      status={query.isPending ? 'loading' : query.isError ? 'error' : orders.length === 0 ? 'empty' : 'ready'}
      skeletonRows={count}
      rowsWithStatus
      onRetry={() => void query.refetch()}
      empty={<Text>{m('recentEmpty')}</Text>}
    >
      {orders.map((order) => {
        // The list has no expireTime: an unpaid order closes 30 minutes after it was placed (SPEC §9).
        const expireTime = new Date(Date.parse(order.creationTime) + UNPAID_ORDER_CLOSE_MS)
        const payable = canPayOrder({ ...order, expireTime }, Date.now())
        const status = isOrderClosed({ ...order, expireTime }, Date.now())
          ? OrderDisplayStatus.Closed
          : orderDisplayStatusOf(order)
        const number =
          order.lifePayOrderType === LifePayOrderType.Phone ? maskPhone(order.account) : maskAccount(order.account)
        return (
          <TopUpRow
            key={order.orderNo}
            type={order.lifePayOrderType}
            title={number}
            subtitle={`${label(lifePayOrderTypeLabels, order.lifePayOrderType, locale)} · ${m('faceValue', {
              value: order.parValue,
            })}`}
            status={{
              text: label(orderDisplayStatusLabels, status, locale),
              className: `lp-status--${orderDisplayStatusColors[status]}`,
            }}
            // An order still waiting to be paid is paid, not placed a second time.
            actionText={payable ? m('payNow') : m('topUpAgain')}
            onClick={() =>
              void Taro.navigateTo({
                url: payable
                  ? selectPayTypeUrl(order.orderNo, rechargeKindOf[order.lifePayOrderType])
                  : repeatOrderUrl(order),
              })
            }
          />
        )
      })}
    </SectionCard>
  )
}
