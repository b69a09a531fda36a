import { digits, mobilePhone, password, required, validateField } from '@domain/validators'
import type { FieldErrorKey } from './fieldErrors'

// The shared validators of SPEC §5, as the login forms apply them.

export const checkPhone = (value: string): FieldErrorKey | null => validateField(value, [required, mobilePhone])

export const checkCode = (value: string): FieldErrorKey | null => validateField(value, [required, digits])

/** Logging in only needs something typed: older accounts may predate today's password rule. */
export const checkFilled = (value: string): FieldErrorKey | null => validateField(value, [required])

export const checkNewPassword = (value: string): FieldErrorKey | null => validateField(value, [required, password])

export const checkConfirmation = (value: string, values: { password: string }): FieldErrorKey | null =>
  validateField(value, [required]) ?? (value === values.password ? null : 'passwordMismatch')
