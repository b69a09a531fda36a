import { Text, View } from '@tarojs/components'
import { formatFen } from '@domain/price'
import { useMessages } from '../../i18n/messages'
import FormField from './FormField'
import { faceValuePrice } from './faceValuePrice'
import { fieldMessages } from './messages'
import { rovingTabStop } from '../rovingTabStop'
import './fields.scss'

interface FaceValueGridProps {
  /** Face values in yuan, already filtered to those offered (offeredFaceValues). */
  faceValues: readonly number[]
  /** Discount percent of the utility's rate type; prices are hidden while it is unknown. */
  discountPercent?: number
  value?: number
  onChange: (faceValue: number) => void
  error?: string | null
  /** Said instead of the grid when there are no face values, e.g. 'choose the gas company first'. */
  emptyText?: string
  /** The read of the supplier's face values: "none" is only said once it has answered. */
  status?: FaceValueStatus
  onRetry?: () => void
}

export type FaceValueStatus = 'loading' | 'error' | 'ready'

/** As many placeholder tiles as a typical offer, so the form does not jump when the amounts arrive. */
const SKELETON_TILES = [0, 1, 2, 3, 4, 5]

/** The face values as a grid; each shows what the user pays and what they save. */
export default function FaceValueGrid({
  faceValues,
  discountPercent,
  value,
  onChange,
  error,
  emptyText,
  status = 'ready',
  onRetry,
}: FaceValueGridProps) {
  const m = useMessages(fieldMessages)
  const tabStop = rovingTabStop(faceValues, (face) => face === value)
  return (
    <FormField label={m('faceValueLabel')} error={error}>
      {faceValues.length === 0 && status === 'loading' ? (
        <View className='lp-face-grid' aria-busy='true' aria-label={m('faceValuesLoading')}>
          {SKELETON_TILES.map((tile) => (
            <View key={tile} className='lp-face lp-face--skeleton' />
          ))}
        </View>
      ) : faceValues.length === 0 && status === 'error' ? (
        <View className='lp-face-grid__failed' role='alert'>
          <Text className='lp-face-grid__empty'>{m('faceValuesFailed')}</Text>
          {onRetry ? (
            <View className='lp-face-grid__retry' role='button' tabIndex={0} onClick={onRetry}>
              {m('retry')}
            </View>
          ) : null}
        </View>
      ) : faceValues.length === 0 ? (
        <Text className='lp-face-grid__empty'>{emptyText ?? m('noFaceValues')}</Text>
      ) : (
        <View className='lp-face-grid' role='radiogroup' aria-label={m('faceValueLabel')}>
          {faceValues.map((face, index) => {
            const selected = face === value
            const price = discountPercent === undefined ? undefined : faceValuePrice(face, discountPercent)
            return (
              <View
                key={face}
                className={`lp-face${selected ? ' lp-face--selected' : ''}`}
                role='radio'
                tabIndex={index === tabStop ? 0 : -1}
                aria-checked={selected}
                onClick={() => onChange(face)}
              >
                <Text className='lp-face__value'>{m('faceValueUnit', { value: face })}</Text>
                {price ? (
                  <Text className='lp-face__price'>{m('price', { price: formatFen(price.priceFen) })}</Text>
                ) : null}
                {price && price.savingFen > 0 ? (
                  <Text className='lp-face__saving'>{m('saving', { saving: formatFen(price.savingFen) })}</Text>
                ) : null}
              </View>
            )
          })}
        </View>
      )}
    </FormField>
  )
}
