import electricIcon from '../../assets/utility/electric.png'
import gasIcon from '../../assets/utility/gas.png'
import phoneIcon from '../../assets/utility/phone.png'
import { LifePayOrderType } from '../../domain/lifePayOrderType'

export const UTILITY_ICONS: Record<LifePayOrderType, string> = {
  [LifePayOrderType.Phone]: phoneIcon,
  [LifePayOrderType.Electric]: electricIcon,
  [LifePayOrderType.Gas]: gasIcon,
}
