import { crc32, deflateRawSync } from 'node:zlib'
import iconv from 'iconv-lite'
import { yuanText } from '../../src/providers/yuanText'

// The providers' bill files as they write them, for the fakes (docs/money.md § Reconciliation): WeChat Pay's trade
// bill (CSV: header, backtick-prefixed detail lines, summary header and line; SUCCESS and REFUND each with their own
// columns) and Alipay's trade bill (a zip of two GBK CSV files with GBK names, comment lines, tab-padded fields and
// totals). Written from the formats' public descriptions, not from our parsers, so the parsers are held to them.

/** China time `yyyy-MM-dd HH:mm:ss`. */
export function chinaTimeText(date: Date): string {
  return new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ')
}

/** The Asia/Shanghai calendar date of an instant. */
export function chinaDate(date: Date): string {
  return chinaTimeText(date).slice(0, 10)
}

const WECHAT_SUCCESS_HEADER = [
  '交易时间',
  '公众账号ID',
  '商户号',
  '特约商户号',
  '设备号',
  '微信订单号',
  '商户订单号',
  '用户标识',
  '交易类型',
  '交易状态',
  '付款银行',
  '货币种类',
  '应结订单金额',
  '代金券金额',
  '商品名称',
  '商户数据包',
  '手续费',
  '费率',
  '订单金额',
  '费率备注',
]

const WECHAT_REFUND_HEADER = [
  '交易时间',
  '公众账号ID',
  '商户号',
  '特约商户号',
  '设备号',
  '微信订单号',
  '商户订单号',
  '用户标识',
  '交易类型',
  '交易状态',
  '付款银行',
  '货币种类',
  '应结订单金额',
  '代金券金额',
  '退款申请时间',
  '退款成功时间',
  '微信退款单号',
  '商户退款单号',
  '退款金额',
  '充值券退款金额',
  '退款类型',
  '退款状态',
  '商品名称',
  '商户数据包',
  '手续费',
  '费率',
  '订单金额',
  '申请退款金额',
  '费率备注',
]

const WECHAT_SUMMARY_HEADER = [
  '总交易单数',
  '应结订单总金额',
  '退款总金额',
  '充值券退款总金额',
  '手续费总金额',
  '订单总金额',
  '申请退款总金额',
]

export interface WechatBillPayment {
  appId: string
  mchId: string
  transactionId: string
  outTradeNo: string
  openId: string
  totalFen: number
  description: string
  successTime: Date
}

export interface WechatBillRefund extends WechatBillPayment {
  refundId: string
  outRefundNo: string
  refundFen: number
  createTime: Date
  refundSuccessTime: Date | null
  status: 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' | 'CLOSED'
}

const backticked = (values: (string | number)[]) => values.map((value) => `\`${value}`).join(',')
const feeFen = (fen: number) => Math.round((fen * 6) / 1000)

/** A SUCCESS bill: the day's payments. */
export function wechatSuccessBill(payments: WechatBillPayment[]): string {
  const lines = [WECHAT_SUCCESS_HEADER.join(',')]
  for (const p of payments) {
    lines.push(
      backticked([
        chinaTimeText(p.successTime),
        p.appId,
        p.mchId,
        '0',
        '',
        p.transactionId,
        p.outTradeNo,
        p.openId,
        'JSAPI',
        'SUCCESS',
        'OTHERS',
        'CNY',
        yuanText(p.totalFen),
        '0.00',
        p.description,
        '',
        yuanText(feeFen(p.totalFen)),
        '0.60%',
        yuanText(p.totalFen),
        '',
      ]),
    )
  }
  const total = payments.reduce((sum, p) => sum + p.totalFen, 0)
  const fees = payments.reduce((sum, p) => sum + feeFen(p.totalFen), 0)
  lines.push(WECHAT_SUMMARY_HEADER.join(','))
  lines.push(backticked([payments.length, yuanText(total), '0.00', '0.00', yuanText(fees), yuanText(total), '0.00']))
  return `${lines.join('\r\n')}\r\n`
}

const REFUND_STATE_TEXT: Record<WechatBillRefund['status'], string> = {
  SUCCESS: 'SUCCESS',
  PROCESSING: 'PROCESSING',
  ABNORMAL: 'CHANGE',
  CLOSED: 'REFUNDCLOSE',
}

/** A REFUND bill: the refunds accepted that day, with the state they had when it was cut. */
export function wechatRefundBill(refunds: WechatBillRefund[]): string {
  const lines = [WECHAT_REFUND_HEADER.join(',')]
  for (const r of refunds) {
    lines.push(
      backticked([
        chinaTimeText(r.successTime),
        r.appId,
        r.mchId,
        '0',
        '',
        r.transactionId,
        r.outTradeNo,
        r.openId,
        'JSAPI',
        'REFUND',
        'OTHERS',
        'CNY',
        '0.00',
        '0.00',
        chinaTimeText(r.createTime),
        r.refundSuccessTime ? chinaTimeText(r.refundSuccessTime) : '',
        r.refundId,
        r.outRefundNo,
        yuanText(r.refundFen),
        '0.00',
        'ORIGINAL',
        REFUND_STATE_TEXT[r.status],
        r.description,
        '',
        `-${yuanText(feeFen(r.refundFen))}`,
        '0.60%',
        yuanText(r.totalFen),
        yuanText(r.refundFen),
        '',
      ]),
    )
  }
  const refunded = refunds.reduce((sum, r) => sum + r.refundFen, 0)
  const fees = refunds.reduce((sum, r) => sum + feeFen(r.refundFen), 0)
  lines.push(WECHAT_SUMMARY_HEADER.join(','))
  lines.push(
    backticked([
      refunds.length,
      '0.00',
      yuanText(refunded),
      '0.00',
      `-${yuanText(fees)}`,
      yuanText(refunds.reduce((sum, r) => sum + r.totalFen, 0)),
      yuanText(refunded),
    ]),
  )
  return `${lines.join('\r\n')}\r\n`
}

export interface AlipayBillLine {
  tradeNo: string
  outTradeNo: string
  subject: string
  createdAt: Date
  finishedAt: Date
  buyer: string
  amountFen: number
  /** A refund's request number; null for a payment. */
  outRequestNo: string | null
}

const ALIPAY_HEADER = [
  '支付宝交易号',
  '商户订单号',
  '业务类型',
  '商品名称',
  '创建时间',
  '完成时间',
  '门店编号',
  '门店名称',
  '操作员',
  '终端号',
  '对方账户',
  '订单金额（元）',
  '商家实收（元）',
  '支付宝红包（元）',
  '集分宝（元）',
  '支付宝优惠（元）',
  '商家优惠（元）',
  '券核销金额（元）',
  '券名称',
  '商家红包消费金额（元）',
  '卡消费金额（元）',
  '退款批次号/请求号',
  '服务费（元）',
  '分润（元）',
  '备注',
]

/** Chinese date as Alipay's comment lines write it: `2026年11月28日 00:00:00`. */
function chineseDate(date: Date): string {
  const [day, time] = chinaTimeText(date).split(' ')
  const [y, m, d] = day.split('-')
  return `${y}年${m}月${d}日 ${time}`
}

/** The day's detail file, as Alipay writes it (before GBK encoding). */
export function alipayDetailText(pid: string, date: string, lines: AlipayBillLine[], exportedAt: Date): string {
  const from = new Date(`${date}T00:00:00+08:00`)
  const to = new Date(from.getTime() + 24 * 3600_000)
  const out = [
    '#支付宝业务明细查询',
    `#账号：[${pid}0156]`,
    `#起始日期：[${chineseDate(from)}]   终止日期：[${chineseDate(to)}]`,
    '#-----------------------------------------业务明细列表----------------------------------------',
    ALIPAY_HEADER.join(','),
  ]
  let payments = 0
  let paymentFen = 0
  let refunds = 0
  let refundFen = 0
  for (const line of lines) {
    const refund = line.outRequestNo !== null
    const signed = refund ? -line.amountFen : line.amountFen
    if (refund) {
      refunds++
      refundFen += line.amountFen
    } else {
      payments++
      paymentFen += line.amountFen
    }
    const fields = [
      line.tradeNo,
      line.outTradeNo,
      refund ? '退款' : '交易',
      line.subject,
      chinaTimeText(line.createdAt),
      chinaTimeText(line.finishedAt),
      '',
      '',
      '',
      '',
      line.buyer,
      yuanText(signed),
      yuanText(signed),
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '',
      '0.00',
      '0.00',
      line.outRequestNo ?? '',
      refund
        ? yuanText(Math.round((line.amountFen * 6) / 1000))
        : `-${yuanText(Math.round((line.amountFen * 6) / 1000))}`,
      '0.00',
      '',
    ]
    out.push(fields.map((field) => `${field}\t`).join(','))
  }
  out.push('#-----------------------------------------业务明细列表结束------------------------------------')
  out.push(`#交易合计：${payments}笔，商家实收共${yuanText(paymentFen)}元，商家优惠共0.00元`)
  out.push(`#退款合计：${refunds}笔，商家实收退款共${yuanText(-refundFen)}元，商家优惠退款共0.00元`)
  out.push(`#导出时间：[${chineseDate(exportedAt)}]`)
  return `${out.join('\r\n')}\r\n`
}

/** The zip Alipay's bill_download_url answers: detail and summary, GBK names and contents, no UTF-8 flag. */
export function alipayBillZip(pid: string, date: string, lines: AlipayBillLine[], exportedAt: Date): Uint8Array {
  const stamp = date.replaceAll('-', '')
  const detail = alipayDetailText(pid, date, lines, exportedAt)
  const summary = [
    '#支付宝业务汇总查询',
    `#账号：[${pid}0156]`,
    '#-----------------------------------------业务汇总列表----------------------------------------',
    '门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）',
    `合计,,${lines.filter((l) => !l.outRequestNo).length},${lines.filter((l) => l.outRequestNo).length},,`,
    '#-----------------------------------------业务汇总列表结束------------------------------------',
  ].join('\r\n')
  return zipOf([
    [iconv.encode(`${pid}0156_${stamp}_业务明细.csv`, 'gbk'), iconv.encode(detail, 'gbk')],
    [iconv.encode(`${pid}0156_${stamp}_业务明细(汇总).csv`, 'gbk'), iconv.encode(summary, 'gbk')],
  ])
}

/**
 * A zip of deflated entries whose names are raw bytes (GBK here) without the UTF-8 flag, as Alipay's bill writer
 * makes them: local headers, the data, the central directory and its end record (APPNOTE 4.3).
 */
function zipOf(entries: [name: Buffer, content: Buffer][]): Uint8Array {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, content] of entries) {
    const data = deflateRawSync(content)
    const crc = crc32(content)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4) // version needed
    local.writeUInt16LE(0, 6) // flags: no UTF-8 (bit 11), no data descriptor
    local.writeUInt16LE(8, 8) // deflate
    local.writeUInt32LE(0, 10) // time and date
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(content.length, 22)
    local.writeUInt16LE(name.length, 26)
    local.writeUInt16LE(0, 28)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0, 8)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(0, 12)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(content.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, data)
    centrals.push(central, name)
    offset += local.length + name.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return new Uint8Array(Buffer.concat([...locals, directory, end]))
}
