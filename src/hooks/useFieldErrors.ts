import { useCallback, useState } from 'react'

/** The errors under a form's fields: all set on submit; a field's own goes as soon as the user changes that field. */
export function useFieldErrors<K extends string>() {
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
