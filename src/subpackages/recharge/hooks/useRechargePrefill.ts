import { useQuery } from '@tanstack/react-query'
import type { CarrierCode } from '@domain/carrier'
import type { ElectricAccountType, ElectricType } from '@domain/electric'
import type { GasProvider } from '@domain/gas'
import { getUserLifePayOrderDetailQueryOptions } from '../../../services/api/orders'
import { getUserAccountDetailQueryOptions } from '../../../services/api/userAccounts'
import { selectIsLoggedIn, useLifePayStore } from '../../../stores/lifePay'

/** An account to top up, from a saved account or from an earlier order. */
export interface RechargePrefill {
  account: string
  ispCode?: CarrierCode
  electricType?: ElectricType
  electricAccountType?: ElectricAccountType
  gasOrgType?: GasProvider
  province?: string
  city?: string
  name?: string
  parValue?: number
}

const orUndefined = <T>(value: T | null | undefined): T | undefined => value ?? undefined

/** Loads the prefill named by the page query (`accountId` or `fromOrderNo`); `pending` while it loads. */
export function useRechargePrefill(
  accountId?: string,
  fromOrderNo?: string,
): { prefill?: RechargePrefill; pending: boolean } {
  const loggedIn = useLifePayStore(selectIsLoggedIn)
  const account = useQuery({ ...getUserAccountDetailQueryOptions(accountId ?? ''), enabled: loggedIn && !!accountId })
  const order = useQuery({
    ...getUserLifePayOrderDetailQueryOptions(fromOrderNo ?? ''),
    enabled: loggedIn && !accountId && !!fromOrderNo,
  })
  if (accountId && loggedIn) {
    const a = account.data
    return {
      pending: account.isPending,
      prefill: a && {
        account: a.content,
        ispCode: orUndefined(a.ispCode),
        electricType: orUndefined(a.electricType),
        electricAccountType: orUndefined(a.electricAccountType),
        gasOrgType: orUndefined(a.gasOrgType),
        province: orUndefined(a.province),
        city: orUndefined(a.city),
        name: orUndefined(a.name),
      },
    }
  }
  if (fromOrderNo && loggedIn) {
    const o = order.data
    return {
      pending: order.isPending,
      prefill: o && {
        account: o.account,
        ispCode: orUndefined(o.ispCode),
        electricType: orUndefined(o.electricType),
        electricAccountType: orUndefined(o.electricAccountType),
        gasOrgType: orUndefined(o.gasOrgType),
        province: orUndefined(o.province),
        city: orUndefined(o.city),
        name: orUndefined(o.name),
        parValue: o.parValue,
      },
    }
  }
  return { pending: false }
}
