import type { Labels } from './locale'

/** Phone carrier (`ispCode`). China Broadcast Network (192) has no code: see detectCarrier. */
export enum CarrierCode {
  Yidong = 'yidong',
  Dianxin = 'dianxin',
  Liantong = 'liantong',
}

export const carrierCodeValues: readonly CarrierCode[] = [CarrierCode.Yidong, CarrierCode.Dianxin, CarrierCode.Liantong]

export const carrierCodeLabels: Labels<CarrierCode> = {
  'zh-CN': {
    [CarrierCode.Yidong]: '中国移动',
    [CarrierCode.Dianxin]: '中国电信',
    [CarrierCode.Liantong]: '中国联通',
  },
  'en-US': {
    [CarrierCode.Yidong]: 'China Mobile',
    [CarrierCode.Dianxin]: 'China Telecom',
    [CarrierCode.Liantong]: 'China Unicom',
  },
}

/** SPEC §5's segments, first 3 digits. */
export const specCarrierPrefixes: Readonly<Record<CarrierCode, readonly string[]>> = {
  [CarrierCode.Yidong]: [
    '134',
    '135',
    '136',
    '137',
    '138',
    '139',
    '150',
    '151',
    '152',
    '157',
    '158',
    '159',
    '182',
    '183',
    '184',
    '187',
    '188',
    '198',
    '147',
    '178',
    '165',
  ],
  [CarrierCode.Liantong]: ['130', '131', '132', '155', '156', '185', '186', '145', '176', '166'],
  [CarrierCode.Dianxin]: ['133', '153', '180', '181', '189', '177', '199', '191'],
}

/** Segments in service today (MIIT plan) missing from SPEC §5; read only where the SPEC table has no entry. */
export const currentCarrierSegments: readonly { prefix: string; carrier: CarrierCode | undefined; note: string }[] = [
  { prefix: '172', carrier: CarrierCode.Yidong, note: 'China Mobile' },
  { prefix: '195', carrier: CarrierCode.Yidong, note: 'China Mobile (2019)' },
  { prefix: '197', carrier: CarrierCode.Yidong, note: 'China Mobile (2019)' },
  { prefix: '148', carrier: CarrierCode.Yidong, note: 'China Mobile data cards' },
  { prefix: '1703', carrier: CarrierCode.Yidong, note: 'virtual operators on China Mobile' },
  { prefix: '1705', carrier: CarrierCode.Yidong, note: 'virtual operators on China Mobile' },
  { prefix: '1706', carrier: CarrierCode.Yidong, note: 'virtual operators on China Mobile' },
  { prefix: '175', carrier: CarrierCode.Liantong, note: 'China Unicom' },
  { prefix: '196', carrier: CarrierCode.Liantong, note: 'China Unicom (2019)' },
  { prefix: '146', carrier: CarrierCode.Liantong, note: 'China Unicom data cards' },
  { prefix: '167', carrier: CarrierCode.Liantong, note: 'virtual operators on China Unicom' },
  { prefix: '171', carrier: CarrierCode.Liantong, note: 'virtual operators on China Unicom' },
  { prefix: '1704', carrier: CarrierCode.Liantong, note: 'virtual operators on China Unicom' },
  { prefix: '1707', carrier: CarrierCode.Liantong, note: 'virtual operators on China Unicom' },
  { prefix: '1708', carrier: CarrierCode.Liantong, note: 'virtual operators on China Unicom' },
  { prefix: '1709', carrier: CarrierCode.Liantong, note: 'virtual operators on China Unicom' },
  { prefix: '173', carrier: CarrierCode.Dianxin, note: 'China Telecom' },
  { prefix: '190', carrier: CarrierCode.Dianxin, note: 'China Telecom (2019)' },
  { prefix: '193', carrier: CarrierCode.Dianxin, note: 'China Telecom (2019)' },
  { prefix: '149', carrier: CarrierCode.Dianxin, note: 'China Telecom data cards' },
  { prefix: '162', carrier: CarrierCode.Dianxin, note: 'virtual operators on China Telecom' },
  { prefix: '1700', carrier: CarrierCode.Dianxin, note: 'virtual operators on China Telecom' },
  { prefix: '1701', carrier: CarrierCode.Dianxin, note: 'virtual operators on China Telecom' },
  { prefix: '1702', carrier: CarrierCode.Dianxin, note: 'virtual operators on China Telecom' },
  { prefix: '1740', carrier: CarrierCode.Dianxin, note: 'China Telecom satellite (Tiantong)' },
  // Shadowed by SPEC's 134 (China Mobile); kept so the table states the official assignment.
  { prefix: '1349', carrier: CarrierCode.Dianxin, note: 'China Telecom satellite' },
  // China Broadcast Network: no CarrierCode exists for it, so no carrier is detected and the user picks one.
  { prefix: '192', carrier: undefined, note: 'China Broadcast Network' },
]

// Loops, not flatMap: iOS 11 and Chrome 63 have no Array.prototype.flatMap (npm run syntax:check).
const specTable = new Map<string, CarrierCode>()
for (const code of carrierCodeValues) for (const prefix of specCarrierPrefixes[code]) specTable.set(prefix, code)

// Longest prefix first, so a 4-digit segment beats a 3-digit one.
const currentTable = [...currentCarrierSegments].sort((a, b) => b.prefix.length - a.prefix.length)

/** The carrier of an 11-digit mobile number from its segment; undefined when not 11 digits or unknown. */
export function detectCarrier(phone: string | null | undefined): CarrierCode | undefined {
  if (typeof phone !== 'string' || !/^\d{11}$/.test(phone)) return undefined
  const spec = specTable.get(phone.slice(0, 3))
  if (spec) return spec
  return currentTable.find((segment) => phone.startsWith(segment.prefix))?.carrier
}

export function isCarrierCode(value: unknown): value is CarrierCode {
  return carrierCodeValues.includes(value as CarrierCode)
}
