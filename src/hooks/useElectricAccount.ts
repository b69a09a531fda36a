import { useState } from 'react'
import type { ElectricSupportArea } from '@contract/lifePay'
import type { ElectricAccountType, ElectricType } from '@domain/electric'
import { useLocationCityStore } from '../stores/locationCity'

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
  /** The user picked a region: its grid follows, and its city becomes the location city, preselected next time. */
  const chooseArea = (area: ElectricSupportArea) => {
    setCityCode(area.cityCode)
    setElectricType(area.electricType)
    useLocationCityStore.getState().setCity(area.cityName)
  }
  return {
    ...{ cityCode, electricType, accountType, account, holderName },
    ...{ setCityCode, setElectricType, setAccountType, setAccount, setHolderName, chooseArea },
  }
}

export type ElectricAccountState = ReturnType<typeof useElectricAccount>
