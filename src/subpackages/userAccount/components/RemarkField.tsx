import FormField from '../../../components/lifePayFields/FormField'
import TextField from '../../../components/lifePayFields/TextField'
import { useMessages } from '../../../i18n/messages'
import { accountMessages } from '../messages'

// The domain's remark rule allows 50 characters; the input stops there.
const REMARK_MAX_LENGTH = 50

/** A name for the account the user will recognise, e.g. 'Parents'. */
export default function RemarkField({
  value,
  onChange,
  error,
}: {
  value: string
  onChange: (value: string) => void
  error?: string
}) {
  const m = useMessages(accountMessages)
  return (
    <FormField label={m('remarkLabel')} error={error}>
      <TextField
        label={m('remarkLabel')}
        value={value}
        maxLength={REMARK_MAX_LENGTH}
        placeholder={m('remarkPlaceholder')}
        onChange={onChange}
      />
    </FormField>
  )
}
