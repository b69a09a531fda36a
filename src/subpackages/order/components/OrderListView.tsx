import { ScrollView, Text, View } from '@tarojs/components'
import Taro, { useDidShow } from '@tarojs/taro'
import { memo, useDeferredValue, useRef, useState } from 'react'
import LifePayOrderTypeTabs from '../../../components/LifePayOrderTypeTabs'
import PageState from '../../../components/PageState'
import ordersArt from '../../../assets/empty/orders.svg'
import { goHome } from '../../../platform/navigation'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import type { LifePayOrderListItem } from '@contract/lifePay'
import { useMessages } from '../../../i18n/messages'
import { orderDetailUrl, rechargeFormUrl, rechargeKindOf } from '../../../routes'
import { useOrderPage } from '../hooks/useOrderPage'
import { orderMessages, type OrderMessageKey } from '../messages'
import OrderRow from './OrderRow'
import PullToRefresh from './PullToRefresh'
import './OrderListView.scss'
import { useErrorText } from '../../../hooks/useErrorText'

const TAB_KEYS: readonly { type: LifePayOrderType | undefined; key: OrderMessageKey }[] = [
  { type: undefined, key: 'tabAll' },
  { type: LifePayOrderType.Phone, key: 'tabPhone' },
  { type: LifePayOrderType.Electric, key: 'tabElectric' },
  { type: LifePayOrderType.Gas, key: 'tabGas' },
]

const TOP_UP_KEYS: Record<LifePayOrderType, OrderMessageKey> = {
  [LifePayOrderType.Phone]: 'topUpPhone',
  [LifePayOrderType.Electric]: 'topUpElectric',
  [LifePayOrderType.Gas]: 'topUpGas',
}

/**
 * The one way out of an empty list (one clear action, as Alipay's empty states have, not three side by side): a
 * top-up of the selected kind; on "all", home, which offers every kind.
 */
function EmptyAction({ type }: { type: LifePayOrderType | undefined }) {
  const m = useMessages(orderMessages)
  const open = () =>
    void (type === undefined ? goHome() : Taro.navigateTo({ url: rechargeFormUrl(rechargeKindOf[type]) }))
  return (
    <View className='lp-state__action' role='button' tabIndex={0} onClick={open}>
      {m(type === undefined ? 'topUp' : TOP_UP_KEYS[type])}
    </View>
  )
}

const openOrder = (orderNo: string) => void Taro.navigateTo({ url: orderDetailUrl(orderNo) })

/** The rows; memo: a page's answer re-renders them as a deferred (sliced) render, not in the answer's own task. */
const OrderRows = memo(function OrderRows({ orders }: { orders: readonly LifePayOrderListItem[] }) {
  return (
    <View className='lp-order-list__items' role='list'>
      {orders.map((order) => (
        <View key={order.orderNo} role='listitem'>
          <OrderRow order={order} onOpen={openOrder} />
        </View>
      ))}
    </View>
  )
})

/** Tabs by order type over the paged order list: infinite scroll, pull to refresh, tap for the detail. */
export default function OrderListView() {
  const m = useMessages(orderMessages)
  const describeError = useErrorText()
  const [type, setType] = useState<LifePayOrderType | undefined>(undefined)
  const page = useOrderPage(type)
  // An answer renders as a transition, in slices, with the browser free in between (docs/decisions/h5-startup.md);
  // the state and the rows come from the same deferred snapshot, so no frame shows one without the other.
  const view = useDeferredValue(page)
  const scrollTop = useRef(0)
  const shown = useRef(false)

  useDidShow(() => {
    // Back from a detail, a payment or a refund: statuses may have moved on.
    if (shown.current && page.data) void page.refetch()
    shown.current = true
  })

  const loadMore = () => {
    if (page.hasNextPage && !page.isFetchingNextPage && !page.isFetchNextPageError) void page.fetchNextPage()
  }
  const retryMore = () => {
    if (!page.isFetchingNextPage) void page.fetchNextPage()
  }
  const changeType = (next: LifePayOrderType | undefined) => {
    scrollTop.current = 0
    setType(next)
  }

  const status = view.isPending
    ? 'loading'
    : view.isError && view.orders.length === 0
      ? 'error'
      : view.orders.length === 0
        ? 'empty'
        : 'ready'
  return (
    <View className='lp-order-list'>
      <LifePayOrderTypeTabs
        tabs={TAB_KEYS.map((tab) => ({ type: tab.type, label: m(tab.key) }))}
        value={type}
        onChange={changeType}
      />
      <ScrollView
        key={type ?? 'all'}
        className='lp-order-list__scroll'
        scrollY
        lowerThreshold={120}
        onScroll={(event) => {
          scrollTop.current = event.detail.scrollTop
        }}
        onScrollToLower={loadMore}
      >
        <PullToRefresh atTop={() => scrollTop.current <= 0} onRefresh={page.refreshFirstPage}>
          <PageState
            status={status}
            errorText={describeError(view.error)}
            onRetry={() => void page.refetch()}
            emptyText={m(type === undefined ? 'emptyOrders' : 'emptyOrdersOfType')}
            emptyArt={ordersArt}
            emptyAction={<EmptyAction type={type} />}
          >
            <OrderRows orders={view.orders} />
            <View className='lp-order-list__footer'>
              {page.isFetchingNextPage ? (
                <Text>{m('loadingMore')}</Text>
              ) : page.isFetchNextPageError ? (
                <View role='button' tabIndex={0} className='lp-order-list__retry' onClick={retryMore}>
                  {m('loadMoreFailed')}
                </View>
              ) : page.hasNextPage ? (
                <View role='button' tabIndex={0} onClick={loadMore}>
                  {m('loadingMore')}
                </View>
              ) : (
                <Text>{m('noMore')}</Text>
              )}
            </View>
          </PageState>
        </PullToRefresh>
      </ScrollView>
    </View>
  )
}
