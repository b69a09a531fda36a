import { View } from '@tarojs/components'
import FaceValueGrid from '../../../components/lifePayFields/FaceValueGrid'
import { useMessages } from '../../../i18n/messages'
import type { FaceValueOffer } from '../hooks/useFaceValueOffer'
import type { PlaceOrder } from '../hooks/usePlaceOrder'
import { rechargeMessages } from '../messages'
import SubmitBar from './SubmitBar'
import './recharge.scss'

interface RechargeFormFooterProps {
  offer: FaceValueOffer
  /** The form's field errors: the face value's, and the refusal that belongs to no field. */
  fieldErrors: { errors: { faceValue?: string; form?: string }; clear: (key: 'faceValue') => void }
  order: PlaceOrder
  /** Said instead of the face values while the account fields do not yet tell which are offered. */
  emptyText?: string
}

/**
 * The end of every top-up form: the face values, a refusal that belongs to no field, and the bar that places the order.
 */
export default function RechargeFormFooter({ offer, fieldErrors, order, emptyText }: RechargeFormFooterProps) {
  const { errors, clear } = fieldErrors
  const m = useMessages(rechargeMessages)
  return (
    <>
      <View className='lp-card'>
        <FaceValueGrid
          faceValues={offer.faceValues}
          discountPercent={offer.rate}
          value={offer.chosen}
          error={errors.faceValue}
          emptyText={emptyText}
          status={offer.status}
          onRetry={offer.retry}
          onChange={(value) => {
            offer.choose(value)
            clear('faceValue')
          }}
        />
      </View>
      {errors.form ? (
        <View className='lp-banner-error' role='alert'>
          {errors.form}
        </View>
      ) : null}
      <SubmitBar
        priceFen={offer.price?.priceFen}
        savingFen={offer.price?.savingFen}
        buttonText={m('topUpNow')}
        busy={order.submitting}
        busyText={m('creating')}
        onSubmit={() => void order.submit()}
      />
    </>
  )
}
