import { once } from 'node:events'
import type { Writable } from 'node:stream'
import { and, eq, lt, or, type SQL } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import type { LifePayOrderFilters, LifePayOrderListOutput } from '@contract/operator'
import { declinedRefundOf } from '@domain/declinedRefund'
import { orderDisplayStatusLabels } from '@domain/orderDisplayStatus'
import { DEFAULT_LOCALE, label, type Locale } from '@domain/locale'
import { lifePayOrderTypeLabels } from '@domain/lifePayOrderType'
import { lifePayOrderStatusLabels, lifePayStatusLabels } from '@domain/lifePayStatus'
import { lifePayTypeLabels } from '@domain/lifePayType'
import { refundApplyReasonText } from '@domain/refundApplyReason'
import { remarkForUser } from '@domain/systemRemark'
import type { AppContext } from '../../appContext'
import { lifePayOrders } from '../../db/schema'
import type { OperatorActor } from '../operatorAccounts/roles'
import { orderFor } from './phoneMasking'
import { fromOrderList, newestFirst, orderFilterCondition, toOrderListOutput, type OrderListRow } from './orderPage'

// POST /api/LifePay/GetLifePayOrderPageExport: the filtered order list as an .xlsx, streamed. Rows are read in
// batches by keyset (newest first, as the page) and written through exceljs's streaming WorkbookWriter; before the
// next batch is read the export waits until the client has taken what was written, so memory stays bounded by a
// batch whatever the number of orders, and a slow client slows the reads down instead of filling the server.

export const EXPORT_BATCH_ROWS = 1_000

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000

/** `2026-05-01 14:03:09`, Asia/Shanghai (no daylight saving): what operators read in a sheet. */
export function shanghaiTimeText(iso: string | null): string {
  if (!iso) return ''
  return new Date(new Date(iso).getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ')
}

type Cell = string | number

/** Yuan with two decimals, as the console shows money (¥ aside: the cells stay numbers, to sum and sort). */
const MONEY_FORMAT = '0.00'

const defaultChannel: Record<Locale, string> = { 'zh-CN': '默认渠道', 'en-US': 'Default' }
const sheetName: Record<Locale, string> = { 'zh-CN': '订单', 'en-US': 'Orders' }

interface ExportColumn {
  /** The console's own word for the field (console/src/pages/orders/messages.ts), in each language. */
  header: Record<Locale, string>
  width: number
  money?: boolean
  value: (row: Required<LifePayOrderListOutput>, locale: Locale) => Cell
}

const words = (zh: string, en: string): Record<Locale, string> => ({ 'zh-CN': zh, 'en-US': en })

/** The sheet's columns, in order: the header operators read, and the value from a row of the page. */
export const orderExportColumns: readonly ExportColumn[] = [
  { header: words('订单号', 'Order no.'), width: 24, value: (r) => r.orderNo },
  { header: words('用户手机号', "User's phone"), width: 14, value: (r) => r.phoneNumber ?? '' },
  {
    header: words('充值类型', 'Type'),
    width: 10,
    value: (r, locale) => label(lifePayOrderTypeLabels, r.lifePayOrderType, locale),
  },
  { header: words('充值账号', 'Account'), width: 18, value: (r) => r.account },
  {
    header: words('渠道', 'Channel'),
    width: 14,
    value: (r, locale) => r.channelName ?? r.channelId ?? defaultChannel[locale],
  },
  { header: words('充值面额', 'Face value'), width: 10, money: true, value: (r) => r.rechargeAmount },
  { header: words('优惠金额', 'Discount'), width: 10, money: true, value: (r) => r.discountAmount },
  { header: words('实付金额', 'Paid'), width: 10, money: true, value: (r) => r.payAmount },
  {
    header: words('支付方式', 'Pay type'),
    width: 10,
    value: (r, locale) => (r.lifePayType ? label(lifePayTypeLabels, r.lifePayType, locale) : ''),
  },
  {
    header: words('支付状态', 'Pay status'),
    width: 10,
    value: (r, locale) => label(lifePayStatusLabels, r.payStatus, locale),
  },
  {
    header: words('订单状态', 'Order status'),
    width: 12,
    value: (r, locale) => {
      // A declined refund as what became of the top-up, never "refund failed" (the console's words).
      const declined = declinedRefundOf(r)
      return declined
        ? label(orderDisplayStatusLabels, declined, locale)
        : label(lifePayOrderStatusLabels, r.lifePayOrderStatus, locale)
    },
  },
  { header: words('下单时间', 'Created'), width: 20, value: (r) => shanghaiTimeText(r.creationTime) },
  { header: words('支付时间', 'Paid at'), width: 20, value: (r) => shanghaiTimeText(r.payTime) },
  { header: words('完成时间', 'Finished at'), width: 20, value: (r) => shanghaiTimeText(r.finishTime) },
  { header: words('支付流水号', 'Payment transaction no.'), width: 30, value: (r) => r.outOrderNo ?? '' },
  { header: words('渠道流水号', 'Supplier order no.'), width: 24, value: (r) => r.acoolyOrderNo ?? '' },
  {
    header: words('退款原因', 'Refund reason'),
    width: 24,
    value: (r, locale) =>
      r.refundApplyRemark === null ? '' : refundApplyReasonText(r.refundApplyRemark, r.refundApplyReason, locale),
  },
  {
    header: words('审核备注', 'Review remark'),
    width: 24,
    value: (r, locale) => (r.refundCheckRemark === null ? '' : remarkForUser(r.refundCheckRemark, locale)),
  },
  { header: words('退款审核时间', 'Reviewed at'), width: 20, value: (r) => shanghaiTimeText(r.refundCheckTime) },
  { header: words('退款时间', 'Refunded at'), width: 20, value: (r) => shanghaiTimeText(r.refundTime) },
  { header: words('退款凭证', 'Refund voucher'), width: 40, value: (r) => r.refundCredentialsImgUrl ?? '' },
]

/** A row of the sheet: the cells the columns take from an order of the page. */
export const orderExportCells = (row: Required<LifePayOrderListOutput>, locale: Locale): Cell[] =>
  orderExportColumns.map((column) => column.value(row, locale))

export interface OrderExportOptions {
  /** The language of the headers and values (the request's Accept-Language); zh-CN when left out. */
  locale?: Locale
  /** Who asked: phone numbers are masked for a viewer (phoneMasking.ts). Left out, the sheet has them in full. */
  actor?: OperatorActor
  /** Called each time the export stops to wait for the client to take what was written (tests, logs). */
  onWaitForClient?: (rowsWritten: number) => void
}

/**
 * The sheet's uncompressed XML waiting for the zip. exceljs hands it to archiver through a PassThrough and does not
 * wait on it (its StreamBuf ignores backpressure), so without this the whole sheet could pile up in memory while
 * the zip compresses or the client reads slowly. Internal to exceljs 4.4 (pinned): when it is not there, the export
 * still works, only without this bound — server/test/operatorApi.test.ts fails then.
 */
function sheetBacklog(sheet: ExcelJS.Worksheet): Backlog | undefined {
  const stream = (sheet as unknown as { stream?: { pipes?: Backlog[] } }).stream
  const backlog = stream?.pipes?.[0]
  // archiver's PassThrough comes from readable-stream 2, without Node's writableNeedDrain: its state says the same.
  return backlog?._writableState ? backlog : undefined
}

interface Backlog extends NodeJS.EventEmitter {
  _writableState?: { needDrain: boolean }
}

/** Waits until the zip took the sheet's XML so far (and so the client took the zip's output, or most of it). */
async function caughtUp(out: Writable, backlog: Backlog | undefined, onWait: () => void): Promise<void> {
  const backlogBehind = () => backlog?._writableState?.needDrain === true && !out.destroyed
  const outBehind = () => out.writableNeedDrain && !out.destroyed
  if (backlogBehind() || outBehind()) onWait()
  while (backlogBehind()) await drainOrClose(backlog as Backlog, out)
  while (outBehind()) await drainOrClose(out, out)
}

/** The 'drain' of `stream`, or the client going away (then nothing drains any more). */
async function drainOrClose(stream: NodeJS.EventEmitter, out: Writable): Promise<void> {
  const abort = new AbortController()
  try {
    await Promise.race([once(stream, 'drain', abort), once(out, 'close', abort)])
  } finally {
    abort.abort()
  }
}

/**
 * Writes the orders matching `filters` to `out` as an .xlsx workbook and ends it; resolves with the number of rows.
 * Stops early (rejecting) when `out` is destroyed, e.g. the client went away.
 */
export async function writeOrderExport(
  ctx: AppContext,
  filters: LifePayOrderFilters,
  out: Writable,
  options: OrderExportOptions = {},
): Promise<number> {
  const locale = options.locale ?? DEFAULT_LOCALE
  // Styles only for the number format of the money columns (a few hundred bytes of styles.xml).
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  const sheet = workbook.addWorksheet(sheetName[locale])
  sheet.columns = orderExportColumns.map((column, n) => ({
    header: column.header[locale],
    key: String(n),
    width: column.width,
    ...(column.money ? { style: { numFmt: MONEY_FORMAT } } : {}),
  }))
  const filter = orderFilterCondition(filters)
  let after: { creationTime: Date; orderNo: string } | null = null
  let written = 0
  for (;;) {
    const keyset: SQL | undefined = after
      ? or(
          lt(lifePayOrders.creationTime, after.creationTime),
          and(eq(lifePayOrders.creationTime, after.creationTime), lt(lifePayOrders.orderNo, after.orderNo)),
        )
      : undefined
    const rows: OrderListRow[] = await fromOrderList(ctx.db)
      .where(and(filter, keyset))
      .orderBy(...newestFirst)
      .limit(EXPORT_BATCH_ROWS)
    for (const row of rows) {
      const item = toOrderListOutput(row)
      const view = options.actor ? orderFor(options.actor, item) : item
      sheet.addRow(orderExportCells(view, locale)).commit()
    }
    written += rows.length
    if (rows.length < EXPORT_BATCH_ROWS) break
    const last: OrderListRow['order'] = rows[rows.length - 1].order
    after = { creationTime: last.creationTime, orderNo: last.orderNo }
    await caughtUp(out, sheetBacklog(sheet), () => options.onWaitForClient?.(written))
    if (out.destroyed) throw new Error('order export: the client went away')
  }
  sheet.commit()
  await workbook.commit()
  return written
}
