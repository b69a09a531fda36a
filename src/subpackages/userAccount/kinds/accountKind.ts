import type { ReactNode } from 'react'
import type { AddUpdateUserAccountInput, UserAccount } from '@contract/lifePay'
import type { LifePayOrderType } from '@domain/lifePayOrderType'
import type { AccountFieldKey } from '../../../components/lifePayFields/accountFieldErrors'
import type { FieldErrors } from '../../../hooks/useFieldErrors'
import type { MessageKey } from '../../../i18n/zh-CN'

/** Where a saved-account form shows an error: at one of its fields. */
export type AccountErrorKey = AccountFieldKey | 'remark'

export type AccountErrors = Partial<Record<AccountErrorKey, string>>

/** The form's errors (useFieldErrors), as the frame hands them to its kind. */
export type AccountFieldErrors = FieldErrors<AccountErrorKey>

/** The account's own fields as AddUpdateUserAccount takes them (the frame adds the id, the type and the remark). */
export type AccountContent = Omit<AddUpdateUserAccountInput, 'id' | 'lifePayType' | 'remark'>

/** A kind's fields as the frame uses them. */
export interface AccountKindFields {
  fields: ReactNode
  /** Checks the fields at save: their errors, and the account when they are complete. */
  check: () => { errors: AccountErrors; content?: AccountContent }
}

/** A kind of saved account: its page, copy and fields. */
export interface AccountKindForm {
  type: LifePayOrderType
  pageTitle: MessageKey
  /** The page scrolls as a whole (SPEC §2); the others scroll inside the form. */
  scrollable?: boolean
  intro: 'phoneIntro' | 'electricIntro' | 'gasIntro'
  /** The field the server's refusal is shown at (e.g. the account is saved already). */
  refusedAt: AccountErrorKey
  /** The kind's fields, starting from the saved account being edited (none when adding). */
  useFields: (initial: UserAccount | undefined, fieldErrors: AccountFieldErrors) => AccountKindFields
}
