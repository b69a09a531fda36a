import { View } from '@tarojs/components'
import type { PhoneCarrierCheck } from '@contract/lifePay'
import { carrierCodeLabels } from '@domain/carrier'
import { label } from '@domain/locale'
import { regionName } from '@domain/regionNames'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import { rechargeFormMessages } from '../formMessages'
import './accountCheck.scss'

/**
 * The carrier lookup's word under the number: "中国移动 · 广东广州" when it confirms the guess, "已携号转网至中国联通"
 * when the number was ported. Nothing when the lookup could not say: the prefix guess stands, unremarked.
 */
export default function CarrierCheckNote({ checking, check }: { checking: boolean; check?: PhoneCarrierCheck }) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(rechargeFormMessages)
  if (checking) {
    return (
      <View className='lp-account-check lp-account-check--checking' role='status'>
        {m('carrierChecking')}
      </View>
    )
  }
  if (!check?.ispCode) return null
  const carrier = label(carrierCodeLabels, check.ispCode, locale)
  const place = [check.province, check.city]
    .filter((part): part is string => !!part)
    .map((part) => regionName(part, locale))
    .join(locale === 'zh-CN' ? '' : ', ')
  return (
    <View className={`lp-account-check lp-account-check--${check.ported ? 'ported' : 'found'}`} role='status'>
      {check.ported ? m('carrierPorted', { carrier }) : place ? m('carrierConfirmed', { carrier, place }) : carrier}
    </View>
  )
}
