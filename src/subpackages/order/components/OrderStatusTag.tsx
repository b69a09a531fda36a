import { Text } from '@tarojs/components'
import { label } from '@domain/locale'
import type { LifePayOrderStatus, LifePayStatus } from '@domain/lifePayStatus'
import {
  orderDisplayStatusColors,
  orderDisplayStatusLabels,
  orderDisplayStatusOf,
  type RefundProgress,
} from '@domain/orderDisplayStatus'
import { useLocaleStore } from '../../../i18n/i18n'
import './OrderStatusTag.scss'

interface OrderStatusTagProps {
  payStatus: LifePayStatus
  lifePayOrderStatus: LifePayOrderStatus
  /** Where a refunded order's money is: "refund in progress" until the provider confirms it back. */
  refundProgress?: RefundProgress | null
  rechargeDelivered?: boolean
  /** 'text' for the list row, 'badge' for headers. */
  variant?: 'text' | 'badge'
}

/** The status a user sees for an order, in words and colour. */
export default function OrderStatusTag({
  payStatus,
  lifePayOrderStatus,
  refundProgress,
  rechargeDelivered,
  variant = 'text',
}: OrderStatusTagProps) {
  const locale = useLocaleStore((s) => s.locale)
  const status = orderDisplayStatusOf({ payStatus, lifePayOrderStatus, refundProgress, rechargeDelivered })
  const color = orderDisplayStatusColors[status]
  return (
    <Text className={`lp-order-status lp-order-status--${variant} lp-order-status--${color}`} data-status={status}>
      {label(orderDisplayStatusLabels, status, locale)}
    </Text>
  )
}
