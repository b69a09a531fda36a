import { Text } from '@tarojs/components'
import { label } from '../../../domain/locale'
import type { LifePayOrderStatus, LifePayStatus } from '../../../domain/lifePayStatus'
import {
  orderDisplayStatusColors,
  orderDisplayStatusLabels,
  orderDisplayStatusOf,
} from '../../../domain/orderDisplayStatus'
import { useLocaleStore } from '../../../i18n/i18n'
import './OrderStatusTag.scss'

interface OrderStatusTagProps {
  payStatus: LifePayStatus
  lifePayOrderStatus: LifePayOrderStatus
  rechargeDelivered?: boolean
  /** 'text' for the list row, 'badge' for headers. */
  variant?: 'text' | 'badge'
}

/** The status a user sees for an order, in words and colour. */
export default function OrderStatusTag({
  payStatus,
  lifePayOrderStatus,
  rechargeDelivered,
  variant = 'text',
}: OrderStatusTagProps) {
  const locale = useLocaleStore((s) => s.locale)
  const status = orderDisplayStatusOf(payStatus, lifePayOrderStatus, rechargeDelivered)
  const color = orderDisplayStatusColors[status]
  return (
    <Text className={`lp-order-status lp-order-status--${variant} lp-order-status--${color}`} data-status={status}>
      {label(orderDisplayStatusLabels, status, locale)}
    </Text>
  )
}
