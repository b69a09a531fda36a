import type { FormFields } from '../hooks/useFormFields'
import FormField from './FormField'

interface PasswordFieldProps<F extends string> {
  form: FormFields<F>
  field: F
  label: string
  placeholder: string
  /** A new password is checked as soon as the user leaves it; a login password only on submit. */
  checkOnBlur?: boolean
}

/** A password of one of the login forms: hidden as typed, at most 32 characters. */
export default function PasswordField<F extends string>({
  form,
  field,
  label,
  placeholder,
  checkOnBlur = false,
}: PasswordFieldProps<F>) {
  return (
    <FormField
      name={field}
      label={label}
      password
      maxlength={32}
      value={form.values[field]}
      placeholder={placeholder}
      error={form.errorOf(field)}
      onInput={(value) => form.setValue(field, value)}
      onBlur={checkOnBlur ? () => form.validateFilled(field) : undefined}
    />
  )
}
