import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { CheckLifePayAccountInput, ElectricParValue, GasParValue, PhoneParValue } from '@contract/lifePay'
import type { Locale } from '@domain/locale'
import type { AccountFieldKey } from '../../../components/lifePayFields/accountFieldErrors'
import type { FieldErrors } from '../../../hooks/useFieldErrors'
import type { RechargeFormQuery, RechargeKind } from '../../../routes'
import type { SavedAccountChip } from '../components/SavedAccountChips'
import type { RechargeAccountDrafts, RechargeDraft } from '../hooks/rechargeDraftStore'
import type { CreateOrder } from '../hooks/useOrderSubmit'
import type { RechargePrefill } from '../hooks/useRechargePrefill'

/** Where a top-up form shows an error: at one of its fields, or (`form`) in the banner above the button. */
export type RechargeErrorKey = AccountFieldKey | 'sixId' | 'faceValue' | 'form'

export type RechargeErrors = Partial<Record<RechargeErrorKey, string>>

/** The form's errors (useFieldErrors), as the frame hands them to its kind. */
export type RechargeFieldErrors = FieldErrors<RechargeErrorKey>

/** Each kind's face-value catalogue, as the supplier lists it. */
export interface RechargeCatalogues {
  phone: PhoneParValue[]
  electric: ElectricParValue[]
  gas: GasParValue[]
}

/** The face value the order is for, and the price the form showed for it. */
export interface ChosenFaceValue {
  parValue: number
  expectedPayAmount?: number
}

/** An order input without what the order call adds itself. */
export type OrderFields<I> = Omit<I, 'idempotencyKey'>

/** What the frame gives a kind's account hook. */
export interface RechargeAccountContext<K extends RechargeKind> {
  query: RechargeFormQuery
  /** The kind's draft from an earlier visit; undefined when the page query names the account. */
  draft: RechargeDraft<K> | undefined
  fieldErrors: RechargeFieldErrors
  locale: Locale
  /** The kind's catalogue, once read. */
  catalogue: RechargeCatalogues[K] | undefined
}

/** A kind's account as the frame uses it: its fields, what the supplier offers for it, and its part of the order. */
export interface RechargeAccount<K extends RechargeKind, I> {
  /** The account fields, given the errors to show at them. */
  fields: (errors: RechargeErrors) => ReactNode
  /** The saved accounts to pick from, above the fields (the phone form has them under the number, in its fields). */
  chips?: SavedAccountChip[]
  /** What the user typed, memoised: the frame keeps it, with the face value, for the next visit. */
  draft: RechargeAccountDrafts[K]
  /** The face values the catalogue offers for the account so far. */
  parValue: readonly (number | string)[] | null | undefined
  /** Said in place of the face values until the account fields tell which are offered. */
  faceValuesPending?: 'amountsAfterRegion' | 'amountsAfterGasProvider'
  /** The supplier's lookup of a complete account (issue 20), where the kind has one. */
  checkInput?: CheckLifePayAccountInput
  /** Whether a saved account or an earlier order can be filled in yet (electricity: once its areas are known). */
  ready: boolean
  /** Fills the account fields from a saved account or an earlier order. */
  apply: (prefill: RechargePrefill) => void
  /** Where the fields start when nothing names an account (electricity: the location city). */
  start?: () => void
  /** Checks the fields at submit: their errors, and the order when the fields and the face value are complete. */
  check: (face: ChosenFaceValue | undefined) => { errors: RechargeErrors; order?: OrderFields<I> }
}

/**
 * A kind of top-up form: its catalogue, fields (with their checks) and order call; its copy is named after the kind
 * (`page.<kind>BillRecharge`, `<kind>Title`) and its rate is its order type's (`orderRateType`).
 */
export interface RechargeKindForm<K extends RechargeKind, I extends { idempotencyKey: string }> {
  kind: K
  /** Reads the kind's catalogue (useQuery of its GetParValue). */
  useCatalogue: () => UseQueryResult<RechargeCatalogues[K]>
  createOrder: CreateOrder<I>
  /** Whether the form starts from the kind's draft; by default unless the query names a saved account or an order. */
  startsFromDraft?: (query: RechargeFormQuery) => boolean
  useAccount: (context: RechargeAccountContext<K>) => RechargeAccount<K, I>
}
