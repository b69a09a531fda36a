import { create } from 'zustand'
import type { ElectricAccountValues } from '../../../hooks/useElectricAccount'
import type { GasAccountValues } from '../../../hooks/useGasAccount'
import type { PhoneAccountValues } from '../../../hooks/usePhoneAccount'
import type { RechargeKind } from '../../../routes'

/** The account fields each kind of top-up form keeps. */
export interface RechargeAccountDrafts {
  phone: PhoneAccountValues
  electric: ElectricAccountValues
  gas: GasAccountValues
}

export type RechargeDraft<K extends RechargeKind> = RechargeAccountDrafts[K] & { faceValue?: number }

type RechargeDrafts = { [K in RechargeKind]?: RechargeDraft<K> }

/**
 * What the user typed on each top-up form, in memory for this run of the app: the form a login interrupted opens again
 * filled in (the login returns to a new instance of the page).
 */
export const useRechargeDraftStore = create<RechargeDrafts>(() => ({}))

export function readRechargeDraft<K extends RechargeKind>(kind: K): RechargeDraft<K> | undefined {
  return useRechargeDraftStore.getState()[kind]
}

export function keepRechargeDraft<K extends RechargeKind>(kind: K, draft: RechargeDraft<K>): void {
  useRechargeDraftStore.setState({ [kind]: draft })
}
