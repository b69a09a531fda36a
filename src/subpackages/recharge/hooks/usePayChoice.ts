import Taro from '@tarojs/taro'
import { useState } from 'react'
import type { LifePayType } from '@domain/lifePayType'

// The pay page's choices outlive a reload (H5) or the page being recreated: one order's, the last one chosen for.
const PAY_CHOICE_STORAGE_KEY = 'lifePay.payChoice'

interface PayChoice {
  orderNo: string
  payType: LifePayType
  smsOptIn: boolean
}

function storedChoice(orderNo: string): Partial<PayChoice> {
  try {
    const stored = Taro.getStorageSync(PAY_CHOICE_STORAGE_KEY) as Partial<PayChoice> | ''
    return stored && stored.orderNo === orderNo ? stored : {}
  } catch {
    return {}
  }
}

/** The pay type and the SMS opt-in chosen for `orderNo`, as last chosen for it; `possible[0]` and unticked at first. */
export function usePayChoice(orderNo: string, possible: readonly LifePayType[]) {
  const [choice, setChoice] = useState<PayChoice>(() => {
    const stored = storedChoice(orderNo)
    return {
      orderNo,
      payType: stored.payType !== undefined && possible.includes(stored.payType) ? stored.payType : possible[0],
      smsOptIn: stored.smsOptIn === true,
    }
  })
  const change = (next: Partial<PayChoice>) => {
    const updated = { ...choice, ...next, orderNo }
    setChoice(updated)
    try {
      Taro.setStorageSync(PAY_CHOICE_STORAGE_KEY, updated)
    } catch {
      // A full storage only costs the choice on the next reload.
    }
  }
  return {
    payType: choice.payType,
    smsOptIn: choice.smsOptIn,
    setPayType: (payType: LifePayType) => change({ payType }),
    setSmsOptIn: (smsOptIn: boolean) => change({ smsOptIn }),
  }
}
