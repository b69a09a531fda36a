import { rechargePriceFen, toFen } from '@domain/price'

export interface FaceValuePrice {
  /** What the user pays, integer fen (SPEC §9 recharge price). */
  priceFen: number
  /** Face value minus price, integer fen; 0 when there is no discount (never negative). */
  savingFen: number
}

/** Price and saving of one face value at a discount percent (e.g. 98.5). */
export function faceValuePrice(faceValue: number, discountPercent: number): FaceValuePrice {
  const priceFen = rechargePriceFen(faceValue, discountPercent)
  return { priceFen, savingFen: Math.max(0, toFen(faceValue) - priceFen) }
}
