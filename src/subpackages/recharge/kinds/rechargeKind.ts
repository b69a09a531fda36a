import type { Dispatch, ReactNode, SetStateAction } from 'react'
import type { CheckLifePayAccountInput } from '@contract/lifePay'
import type { LifePayRateType } from '@domain/rateType'
import type { MessageKey } from '../../../i18n/zh-CN'
import type { RechargeFormQuery, RechargeKind } from '../../../routes'
import type { RechargeAccountDrafts, RechargeDraft } from '../hooks/rechargeDraftStore'
import type { FaceValueSource } from '../hooks/useFaceValueOffer'
import type { CreateOrder } from '../hooks/useOrderSubmit'
import type { RechargePrefill } from '../hooks/useRechargePrefill'

/** Where a top-up form shows an error: at one of its fields, or (`form`) in the banner above the button. */
export type RechargeErrorKey =
  'phone' | 'carrier' | 'region' | 'grid' | 'accountType' | 'account' | 'holderName' | 'provider' | 'faceValue' | 'form'

export type RechargeErrors = Partial<Record<RechargeErrorKey, string>>

/** The form's errors (useFieldErrors), as the frame hands them to its kind. */
export interface RechargeFieldErrors {
  errors: RechargeErrors
  setErrors: Dispatch<SetStateAction<RechargeErrors>>
  clear: (...keys: RechargeErrorKey[]) => void
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
}

/** A kind's account as the frame uses it: its fields, what the supplier offers for it, and its part of the order. */
export interface RechargeAccount<K extends RechargeKind, I> {
  /** The account fields (with the saved accounts to pick from), given the errors to show at them. */
  fields: (errors: RechargeErrors) => ReactNode
  /** What the user typed, memoised: the frame keeps it, with the face value, for the next visit. */
  draft: RechargeAccountDrafts[K]
  /** The face values the supplier offers for the account so far, and the read of the catalogue. */
  parValue: readonly (number | string)[] | null | undefined
  catalogue: FaceValueSource
  /** Said in place of the face values until the account fields tell which are offered. */
  faceValuesPending?: string
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

/** A kind of top-up form: its copy, rate, catalogue, fields and order call. */
export interface RechargeKindForm<K extends RechargeKind, I extends { idempotencyKey: string }> {
  kind: K
  /** The page's title, and the form's headline above the fields. */
  pageTitle: MessageKey
  title: 'phoneTitle' | 'electricTitle' | 'gasTitle'
  rateType: LifePayRateType
  createOrder: CreateOrder<I>
  /** Whether the form starts from the kind's draft: not when the page query names the account. */
  startsFromDraft: (query: RechargeFormQuery) => boolean
  useAccount: (context: RechargeAccountContext<K>) => RechargeAccount<K, I>
}
