import { useCallback, useRef, useState } from 'react'
import { useLocaleStore } from '../../../i18n/i18n'
import { fieldErrorText, type FieldErrorKey } from '../fieldErrors'

/** A field's check, given every value (the confirmation compares with the password). */
export type FieldCheck<F extends string> = (value: string, values: Record<F, string>) => FieldErrorKey | null

/** Values and errors of a small form: an edit clears the field's error; checks run on blur and on submit. */
export function useFormFields<F extends string>(initial: Record<F, string>, checks: Record<F, FieldCheck<F>>) {
  const locale = useLocaleStore((s) => s.locale)
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Partial<Record<F, FieldErrorKey>>>({})
  const latest = useRef(values)
  latest.current = values

  const setValue = useCallback((field: F, value: string) => {
    latest.current = { ...latest.current, [field]: value }
    setValues(latest.current)
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current))
  }, [])

  const validate = useCallback(
    (...fields: F[]): boolean => {
      const found: Partial<Record<F, FieldErrorKey>> = {}
      for (const field of fields) {
        const key = checks[field](latest.current[field], latest.current)
        if (key) found[field] = key
      }
      setErrors((current) => {
        const next = { ...current }
        for (const field of fields) next[field] = found[field]
        return next
      })
      return Object.keys(found).length === 0
    },
    [checks],
  )

  /** On blur: only a field that has something in it, so leaving an empty field says nothing yet. */
  const validateFilled = useCallback(
    (field: F) => {
      if (latest.current[field] !== '') validate(field)
    },
    [validate],
  )

  const validateAll = useCallback(() => validate(...(Object.keys(checks) as F[])), [checks, validate])

  /** A field's error in the user's language, or undefined. */
  const errorOf = (field: F) => (errors[field] ? fieldErrorText(errors[field], locale) : undefined)

  return { values, errors, errorOf, setValue, validate, validateFilled, validateAll }
}

export type FormFields<F extends string> = ReturnType<typeof useFormFields<F>>
