import { detectCarrier } from '@domain/carrier'
import { electricTypeLabels } from '@domain/electric'
import { gasProviderLabels } from '@domain/gas'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { maskHolderName } from '@domain/mask'
import { fenToYuan } from '@domain/price'
import { electricAccount, gasAccount, mobilePhone, required } from '@domain/validators'
import type { CheckLifePayAccountInput, LifePayAccountCheck, PhoneCarrierCheck } from '@contract/lifePay'
import type { AppContext } from '../../appContext'
import { errors } from '../../http/errors'
import { checkField } from '../../http/validation'
import { limitAccountLookup } from '../abuse/abuseLimits'
import { electricAreaFor } from './electricArea'

// Issue 20: the checks before paying. The account lookup shows whose account the money would go to (the holder's
// name masked here, never sent whole) and stops a wrong number before money moves; the carrier lookup confirms or
// corrects the prefix guess for ported numbers. Both count against the user's lookup limit (a lookup reveals
// something about an account that may be someone else's); neither is needed to create an order (old clients).

/** The supplier's word on an electricity or gas account; LIFE_PAY_ACCOUNT_NOT_FOUND when it has no such account. */
export async function checkLifePayAccount(
  ctx: AppContext,
  userId: string,
  input: CheckLifePayAccountInput,
): Promise<LifePayAccountCheck> {
  const electric = input.lifePayOrderType === LifePayOrderType.Electric
  checkField('account', input.account, [required, electric ? electricAccount : gasAccount])
  let where: { zh: string; en: string }
  let request
  if (electric) {
    checkField('electricType', input.electricType, [required])
    const electricType = input.electricType as NonNullable<typeof input.electricType>
    const area = await electricAreaFor(ctx.db, input.province, input.city, electricType)
    where = { zh: electricTypeLabels['zh-CN'][electricType], en: electricTypeLabels['en-US'][electricType] }
    request = {
      lifePayOrderType: LifePayOrderType.Electric as const,
      account: input.account,
      electricType,
      gasOrgType: null,
      province: area.provinceCode,
      city: area.cityCode,
    }
  } else {
    checkField('gasOrgType', input.gasOrgType, [required])
    const gasOrgType = input.gasOrgType as NonNullable<typeof input.gasOrgType>
    where = { zh: gasProviderLabels['zh-CN'][gasOrgType], en: gasProviderLabels['en-US'][gasOrgType] }
    request = {
      lifePayOrderType: LifePayOrderType.Gas as const,
      account: input.account,
      electricType: null,
      gasOrgType,
      province: null,
      city: null,
    }
  }
  // Counted once the request is well formed: a typo costs nothing, each question to the supplier does.
  await limitAccountLookup(ctx, userId)
  const answer = await ctx.providers.supplier.lookupAccount(request)
  if (answer.status === 'notFound') throw errors.lifePayAccountNotFound(where.zh, where.en)
  if (answer.status === 'unavailable') return { status: 'unavailable', holderName: null, balance: null, owed: null }
  return {
    status: 'found',
    holderName: maskHolderName(answer.holderName) || null,
    balance: answer.balanceFen === null ? null : fenToYuan(answer.balanceFen),
    owed: answer.owedFen === null ? null : fenToYuan(answer.owedFen),
  }
}

/** The carrier serving a number today; the prefix guess, unverified, when the lookup cannot say. */
export async function checkPhoneCarrier(ctx: AppContext, userId: string, phone: string): Promise<PhoneCarrierCheck> {
  checkField('phone', phone, [required, mobilePhone])
  await limitAccountLookup(ctx, userId)
  const guessed = detectCarrier(phone) ?? null
  const found = await ctx.providers.carrierLookup.lookup(phone)
  if (!found || !found.carrier) {
    return { verified: false, ispCode: guessed, guessedIspCode: guessed, ported: false, province: null, city: null }
  }
  return {
    verified: true,
    ispCode: found.carrier,
    guessedIspCode: guessed,
    // Ported as far as the user is concerned: the carrier is not the one the number's segment suggests.
    ported: found.ported || (guessed !== null && guessed !== found.carrier),
    province: found.province,
    city: found.city,
  }
}
