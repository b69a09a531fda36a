import { useMessages } from '../../i18n/messages'
import FormField from './FormField'
import TextField from './TextField'
import { idCardCharsOnly } from './inputFilters'
import { fieldMessages } from './messages'

interface SixIdFieldProps {
  value: string
  onChange: (value: string) => void
  error?: string
}

/**
 * The last six characters of the holder's ID number, which a Southern Grid top-up carries: digits and the check
 * character X, on the mini-programs' ID-card keyboard. Only the top-up form asks for it (never saved with an account).
 */
export default function SixIdField({ value, onChange, error }: SixIdFieldProps) {
  const f = useMessages(fieldMessages)
  return (
    <FormField label={f('sixIdLabel')} error={error}>
      <TextField
        label={f('sixIdLabel')}
        value={value}
        keyboard='idcard'
        maxLength={6}
        filter={(text) => idCardCharsOnly(text, 6)}
        placeholder={f('sixIdPlaceholder')}
        onChange={onChange}
      />
    </FormField>
  )
}
