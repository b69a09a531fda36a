import type { Locale } from '@domain/locale'
import { validationMessage, validationMessageKeys, type ValidationMessageKey } from '@domain/validationMessages'
import { formatMessage } from '../../i18n/messages'
import { loginMessages } from './messages'

/** Why a field is refused: a shared validator's message, or the one rule only these forms have. */
export type FieldErrorKey = ValidationMessageKey | 'passwordMismatch'

export function fieldErrorText(key: FieldErrorKey, locale: Locale): string {
  return (validationMessageKeys as readonly string[]).includes(key)
    ? validationMessage(key as ValidationMessageKey, locale)
    : formatMessage(loginMessages, locale, key as 'passwordMismatch')
}
