import { once } from 'node:events'
import type { Writable } from 'node:stream'
import { and, eq, lt, or, type SQL } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import type { LifePayOrderFilters, LifePayOrderListOutput } from '../../../../types/api/operator'
import { label } from '../../../../src/domain/locale'
import { lifePayOrderTypeLabels } from '../../../../src/domain/lifePayOrderType'
import { lifePayOrderStatusLabels, lifePayStatusLabels } from '../../../../src/domain/lifePayStatus'
import { lifePayTypeLabels } from '../../../../src/domain/lifePayType'
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

/** The sheet's columns, in order: the header operators read, and the value from a row of the page. */
export const orderExportColumns: { header: string; width: number; value: (row: LifePayOrderListOutput) => Cell }[] = [
  { header: '订单号', width: 24, value: (r) => r.orderNo },
  { header: '用户手机号', width: 14, value: (r) => r.phoneNumber ?? '' },
  { header: '充值类型', width: 10, value: (r) => label(lifePayOrderTypeLabels, r.lifePayOrderType) },
  { header: '充值账号', width: 18, value: (r) => r.account },
  { header: '渠道', width: 14, value: (r) => r.channelName ?? r.channelId ?? '' },
  { header: '充值金额', width: 10, value: (r) => r.rechargeAmount },
  { header: '优惠金额', width: 10, value: (r) => r.discountAmount },
  { header: '实付金额', width: 10, value: (r) => r.payAmount },
  { header: '支付方式', width: 10, value: (r) => (r.lifePayType ? label(lifePayTypeLabels, r.lifePayType) : '') },
  { header: '支付状态', width: 10, value: (r) => label(lifePayStatusLabels, r.payStatus) },
  { header: '订单状态', width: 12, value: (r) => label(lifePayOrderStatusLabels, r.lifePayOrderStatus) },
  { header: '下单时间', width: 20, value: (r) => shanghaiTimeText(r.creationTime) },
  { header: '支付时间', width: 20, value: (r) => shanghaiTimeText(r.payTime) },
  { header: '完成时间', width: 20, value: (r) => shanghaiTimeText(r.finishTime) },
  { header: '外部订单号', width: 30, value: (r) => r.outOrderNo ?? '' },
  { header: '渠道流水号', width: 24, value: (r) => r.acoolyOrderNo ?? '' },
  { header: '退款申请原因', width: 24, value: (r) => r.refundApplyRemark ?? '' },
  { header: '退款审核备注', width: 24, value: (r) => r.refundCheckRemark ?? '' },
  { header: '退款审核时间', width: 20, value: (r) => shanghaiTimeText(r.refundCheckTime) },
  { header: '退款时间', width: 20, value: (r) => shanghaiTimeText(r.refundTime) },
  { header: '退款凭证', width: 40, value: (r) => r.refundCredentialsImgUrl ?? '' },
]

export interface OrderExportOptions {
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
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false })
  const sheet = workbook.addWorksheet('订单')
  sheet.columns = orderExportColumns.map((column, n) => ({
    header: column.header,
    key: String(n),
    width: column.width,
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
      sheet.addRow(orderExportColumns.map((column) => column.value(view))).commit()
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
