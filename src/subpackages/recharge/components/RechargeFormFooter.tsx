import { View } from '@tarojs/components'
import FaceValueGrid from '../../../components/lifePayFields/FaceValueGrid'
import { useMessages } from '../../../i18n/messages'
import type { FaceValueOffer } from '../hooks/useFaceValueOffer'
import { rechargeMessages } from '../messages'
import SubmitBar from './SubmitBar'
import './recharge.scss'

interface RechargeFormFooterProps {
  offer: FaceValueOffer
  setFaceValue: (faceValue: number) => void
  errors: { faceValue?: string; form?: string }
  /** Called when the user picks a face value, so its error can go. */
  clear: (key: 'faceValue') => void
  /** Said instead of the face values while the account fields do not yet tell which are offered. */
  emptyText?: string
  submitting: boolean
  onSubmit: () => Promise<void>
}

/** The end of every top-up form: the face values, a refusal that belongs to no field, and the bar that places the order. */
export default function RechargeFormFooter({ offer, setFaceValue, errors, clear, emptyText, submitting, onSubmit }: RechargeFormFooterProps) {
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
          onChange={(value) => {
            setFaceValue(value)
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
        busy={submitting}
        busyText={m('creating')}
        onSubmit={() => void onSubmit()}
      />
    </>
  )
}
