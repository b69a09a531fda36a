import { gasProviderLabels, gasProviderValues, type GasProvider } from '@domain/gas'
import { label } from '@domain/locale'
import { useLocaleStore } from '../../i18n/i18n'
import { useMessages } from '../../i18n/messages'
import FormField from './FormField'
import OptionChips from './OptionChips'
import { fieldMessages } from './messages'

interface GasProviderPickerProps {
  value?: GasProvider
  onChange: (provider: GasProvider) => void
  /** Providers that can be topped up now (those GetGasParValue lists); the others show disabled. All when omitted. */
  available?: readonly GasProvider[]
  error?: string | null
}

/** The six gas companies of SPEC §9, by name. */
export default function GasProviderPicker({ value, onChange, available, error }: GasProviderPickerProps) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(fieldMessages)
  const options = gasProviderValues.map((provider) => ({
    value: provider,
    label: label(gasProviderLabels, provider, locale),
    disabled: available ? !available.includes(provider) : false,
  }))
  return (
    <FormField label={m('gasProviderLabel')} error={error}>
      <OptionChips
        options={options}
        value={value}
        onChange={onChange}
        label={m('gasProviderLabel')}
        columns={locale === 'zh-CN' ? 3 : 2}
      />
    </FormField>
  )
}
