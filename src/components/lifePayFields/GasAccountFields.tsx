import type { GasProvider } from '@domain/gas'
import type { GasAccountState } from '../../hooks/useGasAccount'
import { useMessages } from '../../i18n/messages'
import FormField from './FormField'
import GasProviderPicker from './GasProviderPicker'
import TextField from './TextField'
import { lettersAndDigitsOnly } from './inputFilters'
import { fieldChange } from './fieldChange'
import { fieldMessages } from './messages'

export type GasAccountFieldKey = 'provider' | 'account'

interface GasAccountFieldsProps {
  /** The companies that can be topped up (GetGasParValue); all while unknown. */
  available?: readonly GasProvider[]
  /** The form's gas account (useGasAccount). */
  fields: GasAccountState
  errors: Partial<Record<GasAccountFieldKey, string>>
  /** Called with the field the user just changed, so its error can go. */
  clear: (key: GasAccountFieldKey) => void
}

/** The gas company and the account number with it. */
export default function GasAccountFields({ available, fields, errors, clear }: GasAccountFieldsProps) {
  const f = useMessages(fieldMessages)
  return (
    <>
      <GasProviderPicker
        value={fields.provider}
        available={available}
        error={errors.provider}
        onChange={fieldChange(clear, 'provider', fields.setProvider)}
      />
      <FormField label={f('gasAccountLabel')} error={errors.account}>
        <TextField
          label={f('gasAccountLabel')}
          value={fields.account}
          maxLength={20}
          filter={(text) => lettersAndDigitsOnly(text, 20)}
          placeholder={f('gasAccountPlaceholder')}
          onChange={fieldChange(clear, 'account', fields.setAccount)}
        />
      </FormField>
    </>
  )
}
