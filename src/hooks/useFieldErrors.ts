import { useCallback, useState, type Dispatch, type SetStateAction } from 'react'

/** A form's errors by field, how it sets them all, and how a field's own goes. */
export interface FieldErrors<K extends string> {
  errors: Partial<Record<K, string>>
  setErrors: Dispatch<SetStateAction<Partial<Record<K, string>>>>
  clear: (...keys: K[]) => void
}

/** The errors under a form's fields: all set on submit; a field's own goes as soon as the user changes that field. */
export function useFieldErrors<K extends string>(): FieldErrors<K> {
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({})
  const clear = useCallback((...keys: K[]) => {
    setErrors((current) => {
      if (!keys.some((key) => current[key])) return current
      const next = { ...current }
      for (const key of keys) next[key] = undefined
      return next
    })
  }, [])
  return { errors, setErrors, clear }
}
