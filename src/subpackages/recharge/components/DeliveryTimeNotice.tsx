import { Text, View } from '@tarojs/components'
import { deliveryExclusionLabels, deliveryTimeText } from '@domain/deliveryTime'
import type { LifePayOrderType } from '@domain/lifePayOrderType'
import { label } from '@domain/locale'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import { rechargeFormMessages } from '../formMessages'
import './DeliveryTimeNotice.scss'

/**
 * The top-up page's stated delivery time (issue 20, item 5): the usual and longest time of its type, and the accounts
 * it does not hold for, before the user pays.
 */
export default function DeliveryTimeNotice({ type }: { type: LifePayOrderType }) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(rechargeFormMessages)
  return (
    <View className='lp-delivery-notice' role='note' aria-label={m('deliveryTitle')}>
      <Text className='lp-delivery-notice__time'>{deliveryTimeText(type, locale)}</Text>
      <Text className='lp-delivery-notice__exclusions'>{label(deliveryExclusionLabels, type, locale)}</Text>
    </View>
  )
}
