import { View } from '@tarojs/components'
import './TopUpRow.scss'

/** A TopUpRow's placeholder while its list loads: the same row box (min-height), so nothing moves when rows arrive. */
export default function TopUpRowSkeleton() {
  return (
    <View className='lp-topup-row lp-topup-row--skeleton'>
      <View className='lp-skeleton lp-topup-row__icon-skeleton' />
      <View className='lp-topup-row__body'>
        <View className='lp-skeleton lp-topup-row__title-skeleton' />
        <View className='lp-skeleton lp-topup-row__subtitle-skeleton' />
      </View>
    </View>
  )
}
