import type { NamedArea } from '@domain/electricArea'
import type { GasProvider } from '@domain/gas'
import type { GasAccountState } from '../../hooks/useGasAccount'
import { useMessages } from '../../i18n/messages'
import FormField from './FormField'
import GasProviderPicker from './GasProviderPicker'
import RegionPicker from './RegionPicker'
import TextField from './TextField'
import { lettersAndDigitsOnly } from './inputFilters'
import { fieldChange } from './fieldChange'
import { fieldMessages } from './messages'

export type GasAccountFieldKey = 'region' | 'provider' | 'account'

interface GasAccountFieldsProps {
  /** Every province's cities (GetRegionalManagementList): where the account is. */
  areas: readonly NamedArea[]
  /** The companies that can be topped up (GetGasParValue); all while unknown. */
  available?: readonly GasProvider[]
  /** The form's gas account (useGasAccount). */
  fields: GasAccountState
  errors: Partial<Record<GasAccountFieldKey, string>>
  /** Called with the field the user just changed, so its error can go. */
  clear: (key: GasAccountFieldKey) => void
}

/** The city the account is in, the gas company and the account number with it. */
export default function GasAccountFields({ areas, available, fields, errors, clear }: GasAccountFieldsProps) {
  const f = useMessages(fieldMessages)
  return (
    <>
      <RegionPicker
        areas={areas}
        value={fields.cityCode}
        error={errors.region}
        onChange={(area) => {
          fields.setCityCode(area.cityCode)
          clear('region')
        }}
      />
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
