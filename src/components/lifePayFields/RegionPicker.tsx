import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import type { ElectricSupportArea } from '../../../types/api/lifePay'
import { regionLabel } from '../../domain/regionNames'
import { useLocaleStore } from '../../i18n/i18n'
import { useMessages } from '../../i18n/messages'
import FormField from './FormField'
import { fieldMessages } from './messages'
import { RegionSheet } from './regionSheetOnDemand'
import './fields.scss'

interface RegionPickerProps {
  /** Cities where electricity top-up is possible (GetElectricSupportArea). */
  areas: readonly ElectricSupportArea[]
  /** cityCode of the chosen area. */
  value?: string
  onChange: (area: ElectricSupportArea) => void
  error?: string | null
}

/** A row showing the chosen region; tapping it opens the sheet of supported cities (RegionSheet). */
export default function RegionPicker({ areas, value, onChange, error }: RegionPickerProps) {
  const m = useMessages(fieldMessages)
  const locale = useLocaleStore((s) => s.locale)
  const [open, setOpen] = useState(false)
  const chosen = areas.find((area) => area.cityCode === value)
  const close = () => setOpen(false)
  const pick = (area: ElectricSupportArea) => {
    onChange(area)
    close()
  }

  return (
    <FormField label={m('regionLabel')} error={error}>
      <View
        className='lp-select'
        role='button'
        tabIndex={0}
        aria-haspopup='dialog'
        aria-label={m('regionLabel')}
        onClick={() => setOpen(true)}
      >
        <Text className={chosen ? 'lp-select__value' : 'lp-select__placeholder'}>
          {chosen ? regionLabel(chosen, locale) : m('regionPlaceholder')}
        </Text>
        <Text className='lp-select__arrow' />
      </View>
      {open ? <RegionSheet areas={areas} value={value} onPick={pick} onClose={close} /> : null}
    </FormField>
  )
}
