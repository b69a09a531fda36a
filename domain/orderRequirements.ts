import { CarrierCode } from './carrier'
import { ElectricType } from './electric'
import { LifePayOrderType } from './lifePayOrderType'

/**
 * What an order of each kind must carry beyond its account, as the production back end's types state them
 * (docs/decisions/production-rules.md): a China Telecom top-up names the holder ("电信手机号必填"), a Southern Grid
 * one the last six characters of the holder's ID number (`sixID`, "南网必传"), a State Grid one its account type
 * ("国网必传"), a gas one its province and city. Forms ask for a field only when it applies; the server refuses an
 * order without it.
 */
export type OrderRequirements = {
  holderName: boolean
  sixId: boolean
  electricAccountType: boolean
  region: boolean
}

export type OrderRequirementFacts =
  | { lifePayOrderType: LifePayOrderType.Phone; ispCode: string | null | undefined }
  | { lifePayOrderType: LifePayOrderType.Electric; electricType: string | null | undefined }
  | { lifePayOrderType: LifePayOrderType.Gas }

export function orderRequirements(facts: OrderRequirementFacts): OrderRequirements {
  switch (facts.lifePayOrderType) {
    case LifePayOrderType.Phone:
      return {
        holderName: facts.ispCode === CarrierCode.Dianxin,
        sixId: false,
        electricAccountType: false,
        region: false,
      }
    case LifePayOrderType.Electric:
      return {
        holderName: false,
        sixId: facts.electricType === ElectricType.Nanwang,
        electricAccountType: facts.electricType === ElectricType.Guowang,
        region: true,
      }
    case LifePayOrderType.Gas:
      return { holderName: false, sixId: false, electricAccountType: false, region: true }
  }
}
