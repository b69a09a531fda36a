import { Text, View } from '@tarojs/components'
import { label } from '@domain/locale'
import { lifePayOrderTypeLabels } from '@domain/lifePayOrderType'
import { LifePayStatus } from '@domain/lifePayStatus'
import { formatYuan } from '@domain/price'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import type { LifePayOrderListItem } from '@contract/lifePay'
import { maskLifePayAccount } from '@domain/mask'
import { orderMessages } from '../messages'
import { formatOrderTime } from '../orderTime'
import OrderStatusTag from './OrderStatusTag'
import LifePayOrderTypeIcon from '../../../components/LifePayOrderTypeIcon'
import './OrderRow.scss'

interface OrderRowProps {
  order: LifePayOrderListItem
  onOpen: (orderNo: string) => void
}

/** One order in the list: what, for whom, how much, when, and where it stands. */
export default function OrderRow({ order, onOpen }: OrderRowProps) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(orderMessages)
  const unpaid = order.payStatus === LifePayStatus.Unpaid
  return (
    <View
      className='lp-order-row'
      role='button'
      tabIndex={0}
      data-order-no={order.orderNo}
      onClick={() => onOpen(order.orderNo)}
    >
      <LifePayOrderTypeIcon type={order.lifePayOrderType} />
      <View className='lp-order-row__main'>
        <View className='lp-order-row__title'>
          <Text className='lp-order-row__type'>{label(lifePayOrderTypeLabels, order.lifePayOrderType, locale)}</Text>
          <Text className='lp-order-row__account'>{maskLifePayAccount(order.lifePayOrderType, order.account)}</Text>
        </View>
        <Text className='lp-order-row__sub'>
          {m('faceValue')} {formatYuan(order.parValue)}
        </Text>
        <Text className='lp-order-row__time'>{formatOrderTime(order.creationTime)}</Text>
      </View>
      <View className='lp-order-row__side'>
        <View className='lp-order-row__amount'>
          <Text className='lp-order-row__amount-label'>{m(unpaid ? 'toPay' : 'paid')}</Text>
          <Text className='lp-order-row__amount-value'>{formatYuan(order.payAmount)}</Text>
        </View>
        <OrderStatusTag
          payStatus={order.payStatus}
          lifePayOrderStatus={order.lifePayOrderStatus}
          refundProgress={order.refundProgress}
          rechargeDelivered={order.rechargeDelivered}
        />
      </View>
    </View>
  )
}
