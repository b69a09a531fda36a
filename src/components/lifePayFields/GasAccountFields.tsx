import type { GasProvider } from '@domain/gas'
import { useMessages } from '../../i18n/messages'
import FormField from './FormField'
import GasProviderPicker from './GasProviderPicker'
import TextField from './TextField'
import { lettersAndDigitsOnly } from './inputFilters'
import { fieldMessages } from './messages'

export type GasAccountFieldKey = 'provider' | 'account'

interface GasAccountFieldsProps {
  provider: GasProvider | undefined
  /** The companies that can be topped up (GetGasParValue); all while unknown. */
  available?: readonly GasProvider[]
  account: string
  errors: Partial<Record<GasAccountFieldKey, string>>
  /** Called with the field the user just changed, so its error can go. */
  clear: (key: GasAccountFieldKey) => void
  setProvider: (provider: GasProvider) => void
  setAccount: (account: string) => void
}

/** The gas company and the account number with it. */
export default function GasAccountFields({
  provider,
  available,
  account,
  errors,
  clear,
  setProvider,
  setAccount,
}: GasAccountFieldsProps) {
  const f = useMessages(fieldMessages)
  return (
    <>
      <GasProviderPicker
        value={provider}
        available={available}
        error={errors.provider}
        onChange={(value) => {
          setProvider(value)
          clear('provider')
        }}
      />
      <FormField label={f('gasAccountLabel')} error={errors.account}>
        <TextField
          label={f('gasAccountLabel')}
          value={account}
          maxLength={20}
          filter={(text) => lettersAndDigitsOnly(text, 20)}
          placeholder={f('gasAccountPlaceholder')}
          onChange={(value) => {
            setAccount(value)
            clear('account')
          }}
        />
      </FormField>
    </>
  )
}
