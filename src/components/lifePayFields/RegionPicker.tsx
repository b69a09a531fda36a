import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import type { ElectricSupportArea } from '../../../types/api/lifePay'
import { useMessages } from '../../i18n/messages'
import BottomSheet from './BottomSheet'
import FormField from './FormField'
import { fieldMessages } from './messages'
import { rovingTabStop } from '../rovingTabStop'
import './fields.scss'

interface RegionPickerProps {
  /** Cities where electricity top-up is possible (GetElectricSupportArea). */
  areas: readonly ElectricSupportArea[]
  /** cityCode of the chosen area. */
  value?: string
  onChange: (area: ElectricSupportArea) => void
  error?: string | null
}

interface ProvinceGroup {
  provinceCode: string
  provinceName: string
  cities: ElectricSupportArea[]
}

/** Areas grouped by province, in the server's order. */
export function groupByProvince(areas: readonly ElectricSupportArea[]): ProvinceGroup[] {
  const groups = new Map<string, ProvinceGroup>()
  for (const area of areas) {
    const group = groups.get(area.provinceCode)
    if (group) group.cities.push(area)
    else
      groups.set(area.provinceCode, {
        provinceCode: area.provinceCode,
        provinceName: area.provinceName,
        cities: [area],
      })
  }
  return [...groups.values()]
}

/** A row showing the chosen province and city; tapping it opens a sheet of supported cities by province. */
export default function RegionPicker({ areas, value, onChange, error }: RegionPickerProps) {
  const m = useMessages(fieldMessages)
  const [open, setOpen] = useState(false)
  const chosen = areas.find((area) => area.cityCode === value)
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
          {chosen ? `${chosen.provinceName} ${chosen.cityName}` : m('regionPlaceholder')}
        </Text>
        <Text className='lp-select__arrow' />
      </View>
      <BottomSheet open={open} title={m('regionSheetTitle')} onClose={() => setOpen(false)}>
        {groupByProvince(areas).map((group) => (
          <View key={group.provinceCode} className='lp-region-group'>
            <Text className='lp-region-group__name'>{group.provinceName}</Text>
            <View className='lp-chips lp-chips--3' role='radiogroup' aria-label={group.provinceName}>
              {group.cities.map((area, index, cities) => (
                <View
                  key={area.cityCode}
                  className={`lp-chip${area.cityCode === value ? ' lp-chip--selected' : ''}`}
                  role='radio'
                  tabIndex={index === rovingTabStop(cities, (city) => city.cityCode === value) ? 0 : -1}
                  aria-checked={area.cityCode === value}
                  onClick={() => {
                    onChange(area)
                    setOpen(false)
                  }}
                >
                  <Text className='lp-chip__label'>{area.cityName}</Text>
                </View>
              ))}
            </View>
          </View>
        ))}
      </BottomSheet>
    </FormField>
  )
}
