import { electricTypeLabels, electricTypeValues, type ElectricType } from '@domain/electric'
import { label } from '@domain/locale'
import { useLocaleStore } from '../../i18n/i18n'
import { useMessages } from '../../i18n/messages'
import FormField from './FormField'
import OptionChips from './OptionChips'
import { fieldMessages } from './messages'

interface GridTypePickerProps {
  value?: ElectricType
  onChange: (grid: ElectricType) => void
  /** The chosen region serves one grid only: the other is shown but cannot be picked. */
  lockedByRegion?: boolean
  error?: string | null
}

/** State Grid / Southern Grid. */
export default function GridTypePicker({ value, onChange, lockedByRegion = false, error }: GridTypePickerProps) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(fieldMessages)
  const options = electricTypeValues.map((grid) => ({
    value: grid,
    label: label(electricTypeLabels, grid, locale),
    disabled: lockedByRegion && grid !== value,
  }))
  return (
    <FormField label={m('gridLabel')} error={error} hint={lockedByRegion ? m('gridFromRegion') : undefined}>
      <OptionChips options={options} value={value} onChange={onChange} label={m('gridLabel')} columns={2} />
    </FormField>
  )
}
