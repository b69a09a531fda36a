import { unzipSync } from 'fflate'
import type { BillPayment, BillRefund, ProviderBill } from './payment'
import { providerRef } from './payment'
import { fenOfYuanText } from './yuanText'

// Alipay's trade bill (alipay.data.dataservice.bill.downloadurl.query, bill_type `trade`): a zip of two GBK CSV files,
// `<pid>_<yyyyMMdd>_业务明细.csv` and `…_业务明细(汇总).csv`, their names GBK too. The detail file: `#` comment lines,
// the marker `#----…业务明细列表----…`, a header line, one line per payment (业务类型 交易) or refund (退款), each field
// followed by a tab, then `#----…业务明细列表结束----…` and the totals `#交易合计：N笔，商家实收共X元…` and
// `#退款合计：M笔，商家实收退款共-Y元…`. Columns are read by their header's name.

const COLUMNS = {
  tradeNo: '支付宝交易号',
  outTradeNo: '商户订单号',
  type: '业务类型',
  finished: '完成时间',
  orderAmount: '订单金额（元）',
  received: '商家实收（元）',
  refundNo: '退款批次号/请求号',
} as const

export class AlipayBillFormatError extends Error {
  constructor(message: string) {
    super(`Alipay bill: ${message}`)
    this.name = 'AlipayBillFormatError'
  }
}

const gbk = new TextDecoder('gbk', { fatal: true })

/** A zip entry's name: Alipay writes it in GBK without the UTF-8 flag, which fflate then reads as Latin-1. */
function entryName(name: string): string {
  try {
    return gbk.decode(Buffer.from(name, 'latin1'))
  } catch {
    return name
  }
}

/** The detail file's text from the downloaded zip. */
export function alipayBillDetailText(zip: Uint8Array): string {
  let entries: Record<string, Uint8Array>
  try {
    entries = unzipSync(zip)
  } catch (error) {
    throw new AlipayBillFormatError(`not a zip file (${(error as Error).message})`)
  }
  const detail = Object.entries(entries).find(([name]) => {
    const decoded = entryName(name)
    return decoded.endsWith('业务明细.csv') && !decoded.includes('汇总')
  })
  if (!detail) throw new AlipayBillFormatError('the zip holds no 业务明细.csv')
  try {
    return gbk.decode(detail[1])
  } catch {
    throw new AlipayBillFormatError('the detail file is not GBK text')
  }
}

function chinaTime(text: string | undefined): Date | null {
  if (!text || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null
  const date = new Date(`${text.replace(' ', 'T')}+08:00`)
  return Number.isNaN(date.getTime()) ? null : date
}

/** `#交易合计：3笔，商家实收共296.00元…` → [3, 29600]; null when the line says otherwise. */
function total(lines: string[], label: string): [number, number] | null {
  const line = lines.find((candidate) => candidate.startsWith(`#${label}`))
  const match = line ? /(\d+)笔，商家实收(?:退款)?共(-?[\d.]+)元/.exec(line) : null
  const fen = match ? fenOfYuanText(match[2]) : null
  return match && fen !== null ? [Number(match[1]), Math.abs(fen)] : null
}

function required<T>(value: T | null, what: string, line: number): T {
  if (value === null) throw new AlipayBillFormatError(`line ${line}: ${what} missing or malformed`)
  return value
}

/** The payments and refunds of a detail file; its totals must add up to its lines. */
export function parseAlipayBill(text: string): ProviderBill {
  const lines = text.split('\n').map((line) => line.replace(/\r$/, ''))
  const start = lines.findIndex((line) => line.startsWith('#') && /业务明细列表-/.test(line))
  const end = lines.findIndex((line) => line.includes('业务明细列表结束'))
  if (start < 0 || end < start + 1) throw new AlipayBillFormatError('no 业务明细列表 section')
  const header = lines[start + 1].split(',').map((name) => name.trim())
  const payments: BillPayment[] = []
  const refunds: BillRefund[] = []
  let receivedFen = 0
  let refundedFen = 0
  for (let index = start + 2; index < end; index++) {
    if (lines[index].trim() === '') continue
    const values = lines[index].split(',').map((value) => value.trim())
    if (values.length !== header.length) {
      throw new AlipayBillFormatError(`line ${index + 1} has ${values.length} fields, the header ${header.length}`)
    }
    const row = Object.fromEntries(header.map((name, column) => [name, values[column]]))
    const line = index + 1
    const outTradeNo = required(providerRef(row[COLUMNS.outTradeNo]), COLUMNS.outTradeNo, line)
    const transactionId = required(providerRef(row[COLUMNS.tradeNo]), COLUMNS.tradeNo, line)
    const amount = required(fenOfYuanText(row[COLUMNS.orderAmount]), COLUMNS.orderAmount, line)
    const received = required(fenOfYuanText(row[COLUMNS.received]), COLUMNS.received, line)
    const at = required(chinaTime(row[COLUMNS.finished]), COLUMNS.finished, line)
    if (row[COLUMNS.type] === '交易') {
      payments.push({ outTradeNo, transactionId, amountFen: amount, paidAt: at })
      receivedFen += received
    } else if (row[COLUMNS.type] === '退款') {
      const refundNo = required(providerRef(row[COLUMNS.refundNo]), COLUMNS.refundNo, line)
      // A refund's amounts are written negative: money going back.
      refunds.push({ outTradeNo, transactionId, refundNo, amountFen: Math.abs(amount), at, status: 'succeeded' })
      refundedFen += Math.abs(received)
    } else {
      throw new AlipayBillFormatError(`line ${line}: 业务类型 ${row[COLUMNS.type]}`)
    }
  }
  const trades = total(lines.slice(end), '交易合计')
  const refundTotal = total(lines.slice(end), '退款合计')
  if (!trades || trades[0] !== payments.length || trades[1] !== receivedFen) {
    throw new AlipayBillFormatError(`the 交易合计 line does not add up to the ${payments.length} payment lines`)
  }
  if (!refundTotal || refundTotal[0] !== refunds.length || refundTotal[1] !== refundedFen) {
    throw new AlipayBillFormatError(`the 退款合计 line does not add up to the ${refunds.length} refund lines`)
  }
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
