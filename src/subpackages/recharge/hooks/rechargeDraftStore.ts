import { create } from 'zustand'
import type { CarrierCode } from '@domain/carrier'
import type { ElectricAccountType, ElectricType } from '@domain/electric'
import type { GasProvider } from '@domain/gas'

export interface PhoneDraft {
  phone: string
  carrier?: CarrierCode
  faceValue?: number
}

export interface ElectricDraft {
  cityCode?: string
  electricType?: ElectricType
  accountType?: ElectricAccountType
  account: string
  holderName: string
  faceValue?: number
}

export interface GasDraft {
  provider?: GasProvider
  account: string
  faceValue?: number
}

interface RechargeDrafts {
  phone?: PhoneDraft
  electric?: ElectricDraft
  gas?: GasDraft
}

/**
 * What the user typed on each top-up form, in memory for this run of the app: the form a login interrupted opens again
 * filled in (the login returns to a new instance of the page).
 */
export const useRechargeDraftStore = create<RechargeDrafts>(() => ({}))
