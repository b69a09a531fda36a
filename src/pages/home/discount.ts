import type { Locale } from '@domain/locale'
import { formatYuan, rechargePrice } from '@domain/price'
import { formatMessage } from '../../i18n/messages'
import { homeMessages } from './messages'

/** 98.5 → '98.5', 9.85 → '9.85': no trailing zeros, no float noise. */
function plain(value: number): string {
  return String(Number(value.toFixed(4)))
}

/**
 * The short label beside a utility: Chinese 折 counts tenths, so 98.5% of face value is '9.85折' (never '98.5折');
 * English says the percentage. Nothing when the user pays the face value or the rate is unknown.
 */
export function discountBadge(rate: number | undefined, locale: Locale): string | null {
  if (rate === undefined || !Number.isFinite(rate) || rate <= 0 || rate === 100) return null
  if (rate > 100) return formatMessage(homeMessages, locale, 'surchargeBadge', { percent: plain(rate) })
  return formatMessage(homeMessages, locale, 'discountBadge', { discount: plain(rate / 10), percent: plain(rate) })
}

/** The exact rule behind the badge, with what a 100 yuan top-up costs (SPEC §9 rounding). */
export function discountDetail(name: string, rate: number | undefined, locale: Locale): string | null {
  if (rate === undefined || !Number.isFinite(rate) || rate <= 0) return null
  if (rate === 100) return formatMessage(homeMessages, locale, 'noDiscountDetail', { name })
  return formatMessage(homeMessages, locale, 'discountDetail', {
    name,
    percent: plain(rate),
    price: formatYuan(rechargePrice(100, rate)),
  })
}
