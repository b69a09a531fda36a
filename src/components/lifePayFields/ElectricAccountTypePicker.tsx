import { ElectricAccountType, electricAccountTypeLabels, electricAccountTypeValues } from '../../domain/electric'
import { label } from '../../domain/locale'
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

/** House, enterprise, shop, and 'shop, not recommended' (nanwashopng) drawn subdued so it isn't picked by accident. */
export default function ElectricAccountTypePicker({ value, onChange, error }: ElectricAccountTypePickerProps) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(fieldMessages)
  const options = electricAccountTypeValues.map((type) => ({
    value: type,
    label: label(electricAccountTypeLabels, type, locale),
    muted: type === ElectricAccountType.Nanwashopng,
  }))
  return (
    <FormField label={m('accountTypeLabel')} error={error}>
      <OptionChips options={options} value={value} onChange={onChange} label={m('accountTypeLabel')} columns={2} />
    </FormField>
  )
}
