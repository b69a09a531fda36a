import type { ElectricSupportArea } from '@contract/lifePay'
import type { NamedArea } from '@domain/electricArea'
import type { CarrierCode } from '@domain/carrier'
import type { Locale } from '@domain/locale'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { orderRequirements } from '@domain/orderRequirements'
import { validationMessage } from '@domain/validationMessages'
import {
  electricAccount,
  gasAccount,
  holderName,
  mobilePhone,
  required,
  requiredBecause,
  sixId,
  validateField,
  type Rule,
} from '@domain/validators'
import type { ElectricAccountValues } from '../../hooks/useElectricAccount'
import type { GasAccountValues } from '../../hooks/useGasAccount'
import { formatMessage } from '../../i18n/messages'
import type { ElectricAccountFieldKey } from './ElectricAccountFields'
import type { GasAccountFieldKey } from './GasAccountFields'
import type { PhoneAccountFieldKey } from './PhoneAccountFields'
import { fieldMessages, type FieldMessageKey } from './messages'

/** The account fields of every kind, where a form shows their errors. */
export type AccountFieldKey = PhoneAccountFieldKey | ElectricAccountFieldKey | GasAccountFieldKey

// The account numbers' rules: checked at submit, and before the supplier is asked about a number.
export const phoneNumberRules: readonly Rule[] = [required, mobilePhone]
export const electricAccountRules: readonly Rule[] = [required, electricAccount]
export const gasAccountRules: readonly Rule[] = [required, gasAccount]
// What an order needs beyond the account (domain/orderRequirements.ts), said with the reason it is needed.
export const phoneHolderNameRules: readonly Rule[] = [requiredBecause('telecomHolderName'), holderName]
export const sixIdRules: readonly Rule[] = [requiredBecause('sixIdRequired'), sixId]

/** The first failing rule's message in the user's language, or undefined. */
export function fieldError(value: unknown, rules: readonly Rule[], locale: Locale): string | undefined {
  const key = validateField(value, rules)
  return key ? validationMessage(key, locale) : undefined
}

const unless = (given: unknown, key: FieldMessageKey, locale: Locale) =>
  given ? undefined : formatMessage(fieldMessages, locale, key)

/** A phone account's errors at submit, as the top-up form and the saved-account editor show them. */
export function phoneAccountErrors(phone: string, carrier: CarrierCode | undefined, locale: Locale) {
  return { phone: fieldError(phone, phoneNumberRules, locale), carrier: unless(carrier, 'pickCarrier', locale) }
}

/** The holder's name of a number to top up, where its carrier asks for it (China Telecom). */
export function phoneHolderNameError(carrier: CarrierCode | undefined, name: string, locale: Locale) {
  const asked = orderRequirements({ lifePayOrderType: LifePayOrderType.Phone, ispCode: carrier }).holderName
  return asked ? fieldError(name.trim(), phoneHolderNameRules, locale) : undefined
}

/** An electricity account's errors at submit; `area` is the supported area of the chosen region. */
export function electricAccountErrors(
  fields: ElectricAccountValues,
  area: ElectricSupportArea | undefined,
  locale: Locale,
): Partial<Record<ElectricAccountFieldKey, string>> {
  return {
    region: unless(area, 'pickRegion', locale),
    grid: unless(fields.electricType, 'pickGrid', locale),
    accountType:
      orderRequirements({ lifePayOrderType: LifePayOrderType.Electric, electricType: fields.electricType })
        .electricAccountType && !fields.accountType
        ? validationMessage('electricAccountTypeRequired', locale)
        : undefined,
    account: fieldError(fields.account, electricAccountRules, locale),
    holderName: area?.needHolderName ? fieldError(fields.holderName, [required, holderName], locale) : undefined,
  }
}

/**
 * A gas account's errors at submit; `area` is the chosen city, which an order needs (the saved-account editor does
 * not: `regionOptional`).
 */
export function gasAccountErrors(
  fields: GasAccountValues,
  area: NamedArea | undefined,
  locale: Locale,
  regionOptional = false,
): Partial<Record<GasAccountFieldKey, string>> {
  return {
    region: area || regionOptional ? undefined : validationMessage('regionRequired', locale),
    provider: unless(fields.provider, 'pickGasProvider', locale),
    account: fieldError(fields.account, gasAccountRules, locale),
  }
}
