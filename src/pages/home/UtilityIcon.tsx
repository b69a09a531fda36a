import { View } from '@tarojs/components'
import electricGlyph from '../../assets/utility/electric.png'
import gasGlyph from '../../assets/utility/gas.png'
import phoneGlyph from '../../assets/utility/phone.png'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import DecorativeImage from '../../components/DecorativeImage'
import './UtilityIcon.scss'

// The colour is drawn by CSS and only the white glyph is an image: a few hundred bytes each in the main package.
const GLYPHS: Record<LifePayOrderType, string> = {
  [LifePayOrderType.Phone]: phoneGlyph,
  [LifePayOrderType.Electric]: electricGlyph,
  [LifePayOrderType.Gas]: gasGlyph,
}

const TONES: Record<LifePayOrderType, string> = {
  [LifePayOrderType.Phone]: 'phone',
  [LifePayOrderType.Electric]: 'electric',
  [LifePayOrderType.Gas]: 'gas',
}

export default function UtilityIcon({ type, size = 'large' }: { type: LifePayOrderType; size?: 'large' | 'small' }) {
  return (
    // Decorative: every icon stands beside the utility's name.
    <View className={`lp-utility-icon lp-utility-icon--${size} lp-utility-icon--${TONES[type]}`} aria-hidden>
      <DecorativeImage className='lp-utility-icon__glyph' src={GLYPHS[type]} mode='aspectFit' />
    </View>
  )
}
