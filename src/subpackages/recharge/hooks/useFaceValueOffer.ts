import type { FaceValueStatus } from '../../../components/lifePayFields/FaceValueGrid'
import { faceValuePrice, type FaceValuePrice } from '../../../components/lifePayFields/faceValuePrice'
import { fenToYuan, offeredFaceValues } from '@domain/price'
import type { LifePayRateType } from '@domain/rateType'
import { useRate } from '../../../hooks/useRate'

export interface FaceValueOffer {
  /** The face values offered for what the form names so far (none above MAX_FACE_VALUE). */
  faceValues: number[]
  /** The user's face value while it is offered; a value from the draft or query that is not offered counts as none. */
  chosen?: number
  /** Discount percent of the utility's rate type, once known. */
  rate?: number
  price?: FaceValuePrice
  /** The price shown (yuan), sent with the order: a different server price is refused, not shown on the pay page. */
  expectedPayAmount?: number
  choose: (faceValue: number) => void
  /** Whether the supplier's face values have been read: until then the grid shows where they will be, not "none". */
  status: FaceValueStatus
  retry: () => void
}

/** The read of the face values behind an offer (a react-query result). */
export interface FaceValueSource {
  isPending: boolean
  isError: boolean
  refetch: () => unknown
}

/** What a top-up form offers from the supplier's face values, and what the chosen one costs at the utility's rate. */
export function useFaceValueOffer(
  parValue: readonly (number | string)[] | null | undefined,
  faceValue: number | undefined,
  choose: (faceValue: number) => void,
  rateType: LifePayRateType,
  source: FaceValueSource,
): FaceValueOffer {
  const faceValues = offeredFaceValues(parValue)
  const chosen = faceValue !== undefined && faceValues.includes(faceValue) ? faceValue : undefined
  const rate = useRate().rateOf(rateType)
  const price = chosen !== undefined && rate !== undefined ? faceValuePrice(chosen, rate) : undefined
  const status: FaceValueStatus = source.isPending ? 'loading' : source.isError ? 'error' : 'ready'
  const expectedPayAmount = price && fenToYuan(price.priceFen)
  return { faceValues, chosen, rate, price, expectedPayAmount, choose, status, retry: () => void source.refetch() }
}
