import ExcelJS from 'exceljs'
import type { ReconciliationReport, ReconciliationTotals } from '@contract/admin'
import { label, type Locale } from '@domain/locale'
import {
  reconciliationActionLabels,
  reconciliationItemStatusLabels,
  reconciliationKindLabels,
  reconciliationSourceLabels,
} from '@domain/moneyEdges'
import { shanghaiTimeText } from '../operator/orderExport'

// GET /api/admin/reconciliation/export: a day's reconciliation as an .xlsx in the operator's language — a sheet of
// each source's figures on both sides, and one of every item with what was done about it. A day is small (its items,
// not its orders), so the workbook is built in memory.

const words = {
  'zh-CN': {
    summary: '汇总',
    items: '差异明细',
    source: '来源',
    provider: '渠道',
    status: '状态',
    side: '方',
    ours: '本方',
    theirs: '渠道账单',
    paymentCount: '收款笔数',
    paymentAmount: '收款金额',
    refundCount: '退款笔数',
    refundAmount: '退款金额',
    delivered: '到账笔数',
    kind: '差异类型',
    orderNo: '订单号',
    outTradeNo: '商户订单号',
    transactionId: '渠道交易号',
    refundNo: '退款单号',
    ourAmount: '本方金额',
    theirAmount: '渠道金额',
    explanation: '说明',
    action: '处理',
    resolvedBy: '处理人',
    resolvedTime: '处理时间',
    remark: '处理备注',
  },
  'en-US': {
    summary: 'Summary',
    items: 'Items',
    source: 'Source',
    provider: 'Provider',
    status: 'Status',
    side: 'Side',
    ours: 'Ours',
    theirs: "Provider's bill",
    paymentCount: 'Payments',
    paymentAmount: 'Paid',
    refundCount: 'Refunds',
    refundAmount: 'Refunded',
    delivered: 'Delivered',
    kind: 'Kind',
    orderNo: 'Order',
    outTradeNo: 'out_trade_no',
    transactionId: 'Transaction',
    refundNo: 'Refund number',
    ourAmount: 'Our amount',
    theirAmount: "Provider's amount",
    explanation: 'Explanation',
    action: 'Action',
    resolvedBy: 'Resolved by',
    resolvedTime: 'Resolved at',
    remark: 'Remark',
  },
} as const

const MONEY = '0.00'
const yuan = (fen: number | null | undefined) => (fen === null || fen === undefined ? null : fen / 100)

export async function reconciliationWorkbook(report: ReconciliationReport, locale: Locale): Promise<Buffer> {
  const w = words[locale]
  const workbook = new ExcelJS.Workbook()
  const summary = workbook.addWorksheet(w.summary)
  summary.columns = [
    { header: w.source, width: 14 },
    { header: w.provider, width: 12 },
    { header: w.status, width: 10 },
    { header: w.side, width: 12 },
    { header: w.paymentCount, width: 10 },
    { header: w.paymentAmount, width: 12, style: { numFmt: MONEY } },
    { header: w.refundCount, width: 10 },
    { header: w.refundAmount, width: 12, style: { numFmt: MONEY } },
    { header: w.delivered, width: 10 },
  ]
  const side = (totals: ReconciliationTotals | null) =>
    totals
      ? [
          totals.paymentCount,
          yuan(totals.paymentFen),
          totals.refundCount,
          yuan(totals.refundFen),
          totals.deliveredCount ?? null,
        ]
      : []
  for (const run of report.runs) {
    const head = [label(reconciliationSourceLabels, run.source, locale), run.provider, run.status]
    summary.addRow([...head, w.ours, ...side(run.ours)])
    summary.addRow([...head, w.theirs, ...side(run.theirs)])
  }
  const items = workbook.addWorksheet(w.items)
  items.columns = [
    { header: w.source, width: 12 },
    { header: w.kind, width: 24 },
    { header: w.status, width: 10 },
    { header: w.orderNo, width: 24 },
    { header: w.outTradeNo, width: 26 },
    { header: w.transactionId, width: 30 },
    { header: w.refundNo, width: 26 },
    { header: w.ourAmount, width: 12, style: { numFmt: MONEY } },
    { header: w.theirAmount, width: 12, style: { numFmt: MONEY } },
    { header: w.explanation, width: 80 },
    { header: w.action, width: 28 },
    { header: w.resolvedBy, width: 14 },
    { header: w.resolvedTime, width: 20 },
    { header: w.remark, width: 40 },
  ]
  for (const found of report.items) {
    items.addRow([
      label(reconciliationSourceLabels, found.source, locale),
      label(reconciliationKindLabels, found.kind, locale),
      label(reconciliationItemStatusLabels, found.status, locale),
      found.orderNo ?? '',
      found.outTradeNo ?? '',
      found.transactionId ?? '',
      found.refundNo ?? '',
      yuan(found.ourAmountFen),
      yuan(found.providerAmountFen),
      found.explanation,
      label(reconciliationActionLabels, found.action, locale),
      found.resolvedBy ?? '',
      shanghaiTimeText(found.resolvedTime),
      found.resolutionRemark ?? '',
    ])
  }
  for (const sheet of [summary, items]) sheet.getRow(1).font = { bold: true }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
