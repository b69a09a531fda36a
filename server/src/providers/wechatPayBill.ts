import type { BillPayment, BillRefund, ProviderBill } from './payment'
import { providerRef } from './payment'
import { fenOfYuanText } from './yuanText'

// WeChat Pay's trade bill (GET /v3/bill/tradebill, bill_type SUCCESS and REFUND; format: pay.weixin.qq.com
// "交易账单文件格式说明"): a header line, detail lines, then a summary header and one summary line. Every field of a
// detail or summary line starts with a backtick (so spreadsheets keep long numbers), fields are separated by commas,
// nothing is quoted. Columns are read by their header's name: WeChat says their order is not fixed.

/** The columns we read, as WeChat names them. */
const COLUMNS = {
  time: '交易时间',
  transactionId: '微信订单号',
  outTradeNo: '商户订单号',
  tradeState: '交易状态',
  orderAmount: '订单金额',
  refundNo: '商户退款单号',
  refundAmount: '申请退款金额',
  refundState: '退款状态',
  refundTime: '退款申请时间',
  refundSuccessTime: '退款成功时间',
} as const

/** The summary header's first column: where the detail lines end. */
const SUMMARY_HEADER = '总交易单数'

export class WechatBillFormatError extends Error {
  constructor(message: string) {
    super(`WeChat Pay bill: ${message}`)
    this.name = 'WechatBillFormatError'
  }
}

/** One line's fields: the backtick that starts each is dropped (a comma inside a field stays in it). */
function fields(line: string): string[] {
  const text = line.replace(/\r$/, '')
  if (!text.startsWith('`')) return text.split(',')
  return text.slice(1).split(',`')
}

/** WeChat's bill times are China time, `yyyy-MM-dd HH:mm:ss`. */
function chinaTime(text: string | undefined): Date | null {
  if (!text || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null
  const date = new Date(`${text.replace(' ', 'T')}+08:00`)
  return Number.isNaN(date.getTime()) ? null : date
}

interface ParsedBill {
  rows: Record<string, string>[]
  summary: Record<string, string>
}

/** The bill's detail rows and summary, each a record by header name; throws on anything not shaped as a bill. */
export function parseWechatBillText(text: string): ParsedBill {
  const lines = text.split('\n').filter((line) => line.replace(/\r$/, '') !== '')
  if (lines.length < 3) throw new WechatBillFormatError('fewer than three lines')
  const header = fields(lines[0])
  const summaryAt = lines.findIndex((line, index) => index > 0 && fields(line)[0] === SUMMARY_HEADER)
  if (summaryAt < 0 || summaryAt + 1 >= lines.length) throw new WechatBillFormatError('no summary lines')
  const rows = lines.slice(1, summaryAt).map((line, index) => {
    const values = fields(line)
    if (values.length !== header.length) {
      throw new WechatBillFormatError(`line ${index + 2} has ${values.length} fields, the header ${header.length}`)
    }
    return Object.fromEntries(header.map((name, column) => [name, values[column]]))
  })
  const summaryHeader = fields(lines[summaryAt])
  const summaryValues = fields(lines[summaryAt + 1])
  const summary = Object.fromEntries(summaryHeader.map((name, column) => [name, summaryValues[column] ?? '']))
  return { rows, summary }
}

/** The summary line must add up to the detail lines: a truncated or altered file is refused, never half-read. */
function checkSummary(summary: Record<string, string>, count: number, sumColumn: string, sumFen: number): void {
  const stated = Number(summary[SUMMARY_HEADER])
  const statedFen = fenOfYuanText(summary[sumColumn])
  if (stated !== count || statedFen !== sumFen) {
    throw new WechatBillFormatError(
      `the summary says ${summary[SUMMARY_HEADER]} lines and ${summary[sumColumn]} yuan (${sumColumn}), the detail ` +
        `has ${count} lines and ${sumFen} fen`,
    )
  }
}

function required<T>(value: T | null, what: string, line: number): T {
  if (value === null) throw new WechatBillFormatError(`line ${line}: ${what} missing or malformed`)
  return value
}

/** The payments of a SUCCESS bill. */
export function wechatBillPayments(text: string): { payments: BillPayment[]; summary: Record<string, string> } {
  const { rows, summary } = parseWechatBillText(text)
  const payments = rows.map((row, index) => {
    const line = index + 2
    if (row[COLUMNS.tradeState] !== 'SUCCESS') {
      throw new WechatBillFormatError(`line ${line}: trade state ${row[COLUMNS.tradeState]} in a payment bill`)
    }
    return {
      outTradeNo: required(providerRef(row[COLUMNS.outTradeNo]), COLUMNS.outTradeNo, line),
      transactionId: required(providerRef(row[COLUMNS.transactionId]), COLUMNS.transactionId, line),
      amountFen: required(fenOfYuanText(row[COLUMNS.orderAmount]), COLUMNS.orderAmount, line),
      paidAt: required(chinaTime(row[COLUMNS.time]), COLUMNS.time, line),
    }
  })
  const sum = payments.reduce((total, payment) => total + payment.amountFen, 0)
  checkSummary(summary, payments.length, '订单总金额', sum)
  return { payments, summary }
}

const REFUND_STATES: Record<string, BillRefund['status']> = {
  SUCCESS: 'succeeded',
  PROCESSING: 'processing',
  REFUNDCLOSE: 'failed',
  CHANGE: 'failed',
  ABNORMAL: 'failed',
  CLOSED: 'failed',
}

/** The refunds of a REFUND bill, with the state they had when the bill was cut. */
export function wechatBillRefunds(text: string): { refunds: BillRefund[]; summary: Record<string, string> } {
  const { rows, summary } = parseWechatBillText(text)
  const refunds = rows.map((row, index) => {
    const line = index + 2
    const status = REFUND_STATES[row[COLUMNS.refundState] ?? '']
    return {
      outTradeNo: required(providerRef(row[COLUMNS.outTradeNo]), COLUMNS.outTradeNo, line),
      transactionId: required(providerRef(row[COLUMNS.transactionId]), COLUMNS.transactionId, line),
      refundNo: required(providerRef(row[COLUMNS.refundNo]), COLUMNS.refundNo, line),
      amountFen: required(fenOfYuanText(row[COLUMNS.refundAmount]), COLUMNS.refundAmount, line),
      at: required(
        chinaTime(row[COLUMNS.refundSuccessTime]) ?? chinaTime(row[COLUMNS.refundTime]) ?? chinaTime(row[COLUMNS.time]),
        COLUMNS.refundTime,
        line,
      ),
      status: required(status ?? null, COLUMNS.refundState, line),
    }
  })
  const sum = refunds.reduce((total, refund) => total + refund.amountFen, 0)
  checkSummary(summary, refunds.length, '申请退款总金额', sum)
  return { refunds, summary }
}

/** A bill of both halves (null: WeChat Pay has no such bill that day), with its summary in fen. */
export function wechatBill(paymentText: string | null, refundText: string | null): ProviderBill {
  const payments = paymentText === null ? [] : wechatBillPayments(paymentText).payments
  const refunds = refundText === null ? [] : wechatBillRefunds(refundText).refunds
  return {
    payments,
    refunds,
    summary: {
      paymentCount: payments.length,
      paymentFen: payments.reduce((sum, payment) => sum + payment.amountFen, 0),
      refundCount: refunds.length,
      refundFen: refunds.reduce((sum, refund) => sum + refund.amountFen, 0),
    },
  }
}
