import dayjs from 'dayjs'
import { formatYuan } from '@domain/price'

/** An amount in yuan as the console shows money: ¥ and 2 decimals. */
export const yuan = (amount: number | null | undefined) =>
  amount === null || amount === undefined ? '-' : formatYuan(amount)

/** A server time in the browser's zone; '-' when there is none. */
export const dateTime = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '-')
