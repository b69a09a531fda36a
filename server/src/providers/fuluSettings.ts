import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { electricTypeValues } from '@domain/electric'
import { gasProviderValues } from '@domain/gas'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { unsetSettings, type Settings } from '../configSchema'
import type { RechargeKind } from './supplier'

// The Fulu open platform's settings (SUPPLIER_PROVIDER=fulu, docs/supplier.md § Settings), from the settings the schema
// validated (configSchema.ts, its Recharge supplier group), with every problem named at once.

/** Fulu's public sandbox gateway (its SDKs' test URL). */
export const FULU_SANDBOX_GATEWAY = 'https://pre-openapi.fulu.com/api/getway'
/** The public sandbox app, published in every Fulu SDK: known to anyone, never a production credential. */
export const FULU_SANDBOX_APP_KEY = 'i4esv1l+76l/7NQCL3QudG90Fq+YgVfFGJAWgT+7qO1Bm9o/adG/1iwO2qXsAXNB'
export const FULU_SANDBOX_APP_SECRET = '0a091b3aa4324435aab703142518a8f7'

export interface FuluSupplierConfig {
  /** FULU_GATEWAY: the gateway URL every method is posted to (tests: the local fake). */
  gateway: string
  appKey: string
  /** FULU_APP_SECRET or FULU_APP_SECRET_FILE: signs requests, answers and callbacks alike. */
  appSecret: string
  /** Per call. */
  timeoutMs: number
  /** A callback whose charge_finish_time is further than this from now is not believed (docs/supplier.md). */
  callbackMaxAgeMs: number
  /** Direct-recharge product of each utility top-up Fulu sells us, by fuluProductKey: its product_id. */
  products: Record<string, number>
}

const PRODUCT_KINDS: Record<string, { type: LifePayOrderType; subTypes: readonly string[] }> = {
  electric: { type: LifePayOrderType.Electric, subTypes: electricTypeValues },
  gas: { type: LifePayOrderType.Gas, subTypes: gasProviderValues },
}

/** `electric:guowang:10000`: the order type's name, its grid or gas company, the face value in fen. */
export function fuluProductKey(kind: RechargeKind): string {
  const name = Object.keys(PRODUCT_KINDS).find((key) => PRODUCT_KINDS[key].type === kind.lifePayOrderType)
  return `${name ?? kind.lifePayOrderType}:${kind.subType}:${kind.parValueFen}`
}

/** FULU_PRODUCTS: `electric:guowang:100=10000585,gas:xinao:50=10000601` (face values in yuan), or problems. */
function parseProducts(text: string, problems: string[]): Record<string, number> {
  const products: Record<string, number> = {}
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^(\w+):(\w+):(\d+(?:\.\d{1,2})?)=(\d{1,18})$/.exec(entry)
    const kind = match && PRODUCT_KINDS[match[1]]
    if (!match || !kind) {
      problems.push(`FULU_PRODUCTS: "${entry}" is not kind:company:faceValue=productId (kind electric or gas)`)
      continue
    }
    if (!kind.subTypes.includes(match[2])) {
      problems.push(`FULU_PRODUCTS: "${entry}" names ${match[2]}, not one of ${kind.subTypes.join(', ')}`)
      continue
    }
    const parValueFen = Math.round(Number(match[3]) * 100)
    const key = fuluProductKey({ lifePayOrderType: kind.type, subType: match[2], parValueFen })
    if (key in products) problems.push(`FULU_PRODUCTS: ${match[1]}:${match[2]}:${match[3]} is listed twice`)
    products[key] = Number(match[4])
  }
  return products
}

/** The Fulu settings, or null with every missing or malformed one named. */
export function fuluSupplierSettings(s: Settings, problems: string[]): FuluSupplierConfig | null {
  const own = unsetSettings(s, ['SUPPLIER_PROVIDER=fulu'])
  // The secret from a file (a mounted secret) or the variable; a file that cannot be read is named, not skipped.
  let appSecret = s.FULU_APP_SECRET ?? ''
  const secretFile = s.FULU_APP_SECRET_FILE
  if (secretFile !== undefined) {
    try {
      appSecret = readFileSync(resolve(secretFile), 'utf8').trim()
    } catch (error) {
      own.push(`FULU_APP_SECRET_FILE: cannot read ${secretFile} (${(error as Error).message})`)
    }
    if (s.FULU_APP_SECRET !== undefined) own.push('FULU_APP_SECRET and FULU_APP_SECRET_FILE are both set: keep one')
  } else if (!appSecret) {
    own.push('FULU_APP_SECRET (or FULU_APP_SECRET_FILE) is not set')
  }
  const products = parseProducts(s.FULU_PRODUCTS ?? '', own)
  if (own.length > 0) {
    problems.push(`SUPPLIER_PROVIDER=fulu: ${own.join('; ')}`)
    return null
  }
  return {
    gateway: s.FULU_GATEWAY,
    appKey: s.FULU_APP_KEY ?? '',
    appSecret,
    timeoutMs: s.FULU_TIMEOUT_MS,
    callbackMaxAgeMs: s.FULU_CALLBACK_MAX_AGE_MS,
    products,
  }
}
