import { useState } from 'react'
import type { GasProvider } from '@domain/gas'

export interface GasAccountValues {
  /** cityCode (GetRegionalManagementList) of the city the account is in. */
  cityCode?: string
  provider?: GasProvider
  account: string
}

/**
 * What a form knows of a gas account (the top-up form and the saved-account editor), with its setters. Its city is
 * read from the location city but does not set it: that stays the last electricity region (docs/decisions/regions.md).
 */
export function useGasAccount(initial: GasAccountValues) {
  const [cityCode, setCityCode] = useState(initial.cityCode)
  const [provider, setProvider] = useState(initial.provider)
  const [account, setAccount] = useState(initial.account)
  return { cityCode, provider, account, setCityCode, setProvider, setAccount }
}

export type GasAccountState = ReturnType<typeof useGasAccount>
