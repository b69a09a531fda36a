import { useState } from 'react'
import type { ElectricAccountType, ElectricType } from '../domain/electric'

export interface ElectricAccountValues {
  /** cityCode of the chosen supported area. */
  cityCode?: string
  electricType?: ElectricType
  accountType?: ElectricAccountType
  account: string
  holderName: string
}

/** What a form knows of an electricity account (the top-up form and the saved-account editor), with its setters. */
export function useElectricAccount(initial: ElectricAccountValues) {
  const [cityCode, setCityCode] = useState(initial.cityCode)
  const [electricType, setElectricType] = useState(initial.electricType)
  const [accountType, setAccountType] = useState(initial.accountType)
  const [account, setAccount] = useState(initial.account)
  const [holderName, setHolderName] = useState(initial.holderName)
  return {
    ...{ cityCode, electricType, accountType, account, holderName },
    ...{ setCityCode, setElectricType, setAccountType, setAccount, setHolderName },
  }
}

export type ElectricAccountState = ReturnType<typeof useElectricAccount>
