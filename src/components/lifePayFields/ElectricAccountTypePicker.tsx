import { ElectricAccountType, electricAccountTypeChoices, electricAccountTypeLabels } from '@domain/electric'
import { label } from '@domain/locale'
import { useLocaleStore } from '../../i18n/i18n'
import { useMessages } from '../../i18n/messages'
import FormField from './FormField'
import OptionChips from './OptionChips'
import { fieldMessages } from './messages'

interface ElectricAccountTypePickerProps {
  value?: ElectricAccountType
  onChange: (type: ElectricAccountType) => void
  error?: string | null
}

/**
 * Residential, enterprise, shop. An account saved as 'shop, not recommended' (nanwashopng) shows it, drawn subdued, as
 * its current value, never as a second shop to pick.
 */
export default function ElectricAccountTypePicker({ value, onChange, error }: ElectricAccountTypePickerProps) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(fieldMessages)
  const types =
    value === ElectricAccountType.Nanwashopng ? [...electricAccountTypeChoices, value] : electricAccountTypeChoices
  const options = types.map((type) => ({
    value: type,
    label: label(electricAccountTypeLabels, type, locale),
    muted: type === ElectricAccountType.Nanwashopng,
  }))
  return (
    <FormField label={m('accountTypeLabel')} error={error}>
      <OptionChips options={options} value={value} onChange={onChange} label={m('accountTypeLabel')} columns={3} />
    </FormField>
  )
}
