import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import iconv from 'iconv-lite'
import { zipSync } from 'fflate'
import { alipayBillDetailText, parseAlipayBill } from '../src/providers/alipayBill'
import { wechatBill, wechatBillPayments, wechatBillRefunds } from '../src/providers/wechatPayBill'
import { alipayBillZip, alipayDetailText, wechatRefundBill, wechatSuccessBill } from './support/fakeBills'

// The providers' bill files read exactly as they are written (docs/money.md § Reconciliation): the files here come
// from the fakes' writers (server/test/support/fakeBills.ts), which follow the formats' public descriptions, not our
// parsers. A file that does not add up is refused whole: a reconciliation never works from half a bill.

const at = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`)

const payment = {
  appId: 'wx0000000000fake',
  mchId: '1900000001',
  transactionId: '4200002345202611281234567890',
  outTradeNo: 'LP20261128093000123456',
  openId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
  totalFen: 9850,
  description: '生活缴费 LP20261128093000123456',
  successTime: at('2026-11-28 09:30:05'),
}

describe('WeChat Pay trade bill', () => {
  test('a SUCCESS bill: each payment by its columns, amounts in fen, China time', () => {
    const second = { ...payment, transactionId: '4200002345202611289999999999', outTradeNo: 'LP1_2', totalFen: 1 }
    const text = wechatSuccessBill([payment, second])
    assert.match(text, /^交易时间,公众账号ID,商户号/)
    assert.match(text, /`LP20261128093000123456,/)
    const { payments, summary } = wechatBillPayments(text)
    assert.deepEqual(payments, [
      {
        outTradeNo: payment.outTradeNo,
        transactionId: payment.transactionId,
        amountFen: 9850,
        paidAt: payment.successTime,
      },
      { outTradeNo: 'LP1_2', transactionId: second.transactionId, amountFen: 1, paidAt: payment.successTime },
    ])
    assert.equal(summary['总交易单数'], '2')
    assert.equal(summary['订单总金额'], '98.51')
  })

  test('columns are found by name whatever their order; a comma inside a field stays in it', () => {
    const text = wechatSuccessBill([{ ...payment, description: '生活缴费,电费' }])
    const [header, line, ...rest] = text.split('\r\n')
    const swap = (fields: string[]) => [fields[6], ...fields.slice(0, 6), ...fields.slice(7)]
    const fieldsOf = (detail: string) =>
      detail
        .slice(1)
        .split(',`')
        .map((field) => `\`${field}`)
    const reordered = [swap(header.split(',')).join(','), swap(fieldsOf(line)).join(','), ...rest].join('\r\n')
    const [read] = wechatBillPayments(reordered).payments
    assert.equal(read.outTradeNo, payment.outTradeNo)
    assert.equal(read.amountFen, 9850)
  })

  test('a bill whose summary does not add up to its lines is refused', () => {
    const text = wechatSuccessBill([payment, { ...payment, transactionId: '42x', outTradeNo: 'LP2' }])
    const cut = text.replace(/^`2026-11-28 09:30:05,`wx0000000000fake,`1900000001,`0,`,`42x[^\r]*\r\n/m, '')
    assert.notEqual(cut, text)
    assert.throws(() => wechatBillPayments(cut), /summary says 2 lines/)
    const altered = text.replace('`0.60%,`98.50,`', '`0.60%,`98.60,`')
    assert.notEqual(altered, text)
    assert.throws(() => wechatBillPayments(altered), /summary/)
    assert.throws(() => wechatBillPayments('交易时间\r\n'), /three lines/)
  })

  test('a REFUND bill: our refund number, the amount asked, the state when cut', () => {
    const refunds = ['SUCCESS', 'PROCESSING', 'ABNORMAL', 'CLOSED'].map((status, n) => ({
      ...payment,
      refundId: `50${n}`,
      outRefundNo: `${payment.outTradeNo}R${n}`,
      refundFen: 2000 + n,
      createTime: at('2026-11-28 10:00:00'),
      refundSuccessTime: status === 'SUCCESS' ? at('2026-11-28 10:00:07') : null,
      status: status as 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' | 'CLOSED',
    }))
    const read = wechatBillRefunds(wechatRefundBill(refunds)).refunds
    assert.deepEqual(
      read.map((refund) => [refund.refundNo, refund.amountFen, refund.status, refund.at.toISOString()]),
      [
        [`${payment.outTradeNo}R0`, 2000, 'succeeded', at('2026-11-28 10:00:07').toISOString()],
        [`${payment.outTradeNo}R1`, 2001, 'processing', at('2026-11-28 10:00:00').toISOString()],
        [`${payment.outTradeNo}R2`, 2002, 'failed', at('2026-11-28 10:00:00').toISOString()],
        [`${payment.outTradeNo}R3`, 2003, 'failed', at('2026-11-28 10:00:00').toISOString()],
      ],
    )
    const whole = wechatBill(wechatSuccessBill([payment]), wechatRefundBill(refunds))
    assert.deepEqual(whole.summary, { paymentCount: 1, paymentFen: 9850, refundCount: 4, refundFen: 8006 })
    assert.deepEqual(wechatBill(null, null).summary, { paymentCount: 0, paymentFen: 0, refundCount: 0, refundFen: 0 })
  })

  test('an oversized or binary reference is refused, not stored', () => {
    const text = wechatSuccessBill([{ ...payment, transactionId: 'x'.repeat(65) }])
    assert.throws(() => wechatBillPayments(text), /微信订单号 missing or malformed/)
  })
})

describe('Alipay trade bill', () => {
  const lines = [
    {
      tradeNo: '2026112822001400001234567890',
      outTradeNo: 'LP20261128101500654321',
      subject: '生活缴费',
      createdAt: at('2026-11-28 10:15:00'),
      finishedAt: at('2026-11-28 10:15:09'),
      buyer: '138****8000',
      amountFen: 29600,
      outRequestNo: null,
    },
    {
      tradeNo: '2026112822001400001234567890',
      outTradeNo: 'LP20261128101500654321',
      subject: '生活缴费',
      createdAt: at('2026-11-28 11:00:00'),
      finishedAt: at('2026-11-28 11:00:01'),
      buyer: '138****8000',
      amountFen: 29600,
      outRequestNo: 'LP20261128101500654321R',
    },
  ]

  test('a zip of GBK files with GBK names: payments and refunds (refunds written negative) by their columns', () => {
    const zip = alipayBillZip('20881234567890', '2026-11-28', lines, at('2026-11-29 06:27:10'))
    const text = alipayBillDetailText(zip)
    assert.match(text, /^#支付宝业务明细查询/)
    const bill = parseAlipayBill(text)
    assert.deepEqual(bill.payments, [
      {
        outTradeNo: 'LP20261128101500654321',
        transactionId: '2026112822001400001234567890',
        amountFen: 29600,
        paidAt: at('2026-11-28 10:15:09'),
      },
    ])
    assert.deepEqual(bill.refunds, [
      {
        outTradeNo: 'LP20261128101500654321',
        transactionId: '2026112822001400001234567890',
        refundNo: 'LP20261128101500654321R',
        amountFen: 29600,
        at: at('2026-11-28 11:00:01'),
        status: 'succeeded',
      },
    ])
  })

  test('totals that do not add up, a zip without the detail file, a file that is not a zip: refused', () => {
    const text = alipayDetailText('20881234567890', '2026-11-28', lines, at('2026-11-29 06:27:10'))
    assert.throws(() => parseAlipayBill(text.replace('#交易合计：1笔', '#交易合计：2笔')), /交易合计/)
    assert.throws(() => parseAlipayBill(text.replace('296.00元', '295.00元')), /交易合计/)
    const missingRefund = text
      .split('\r\n')
      .filter((line) => !line.includes('退款\t,'))
      .join('\r\n')
    assert.throws(() => parseAlipayBill(missingRefund), /退款合计/)
    assert.throws(() => alipayBillDetailText(new Uint8Array([1, 2, 3])), /not a zip/)
    const summaryOnly = zipSync({ 'summary.csv': new Uint8Array(iconv.encode('#支付宝业务汇总查询', 'gbk')) })
    assert.throws(() => alipayBillDetailText(summaryOnly), /no 业务明细\.csv/)
    // A day with nothing: an empty detail whose totals say 0.
    const empty = alipayBillZip('20881234567890', '2026-11-28', [], at('2026-11-29 06:27:10'))
    assert.deepEqual(parseAlipayBill(alipayBillDetailText(empty)).summary, {
      paymentCount: 0,
      paymentFen: 0,
      refundCount: 0,
      refundFen: 0,
    })
  })
})
