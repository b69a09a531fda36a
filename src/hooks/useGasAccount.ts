import { useState } from 'react'
import type { GasProvider } from '@domain/gas'

export interface GasAccountValues {
  provider?: GasProvider
  account: string
}

/** What a form knows of a gas account (the top-up form and the saved-account editor), with its setters. */
export function useGasAccount(initial: GasAccountValues) {
  const [provider, setProvider] = useState(initial.provider)
  const [account, setAccount] = useState(initial.account)
  return { provider, account, setProvider, setAccount }
}

export type GasAccountState = ReturnType<typeof useGasAccount>
