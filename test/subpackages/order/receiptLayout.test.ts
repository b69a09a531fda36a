import { LifePayOrderType } from '@domain/lifePayOrderType'
import { LifePayType } from '@domain/lifePayType'
import { paintReceipt, type ReceiptContext } from '../../../src/subpackages/order/receipt/paintReceipt'
import { receiptContent } from '../../../src/subpackages/order/receipt/receiptContent'
import {
  RECEIPT_WIDTH,
  receiptLayout,
  textWidth,
  wrapText,
  type ReceiptShape,
} from '../../../src/subpackages/order/receipt/receiptLayout'
import { orderDetail } from './support/orders'

const completed = orderDetail({ supplierOrderNo: 'SBX20260501000123', lifePayType: LifePayType.AliPay })
const texts = (shapes: ReceiptShape[]) => shapes.flatMap((shape) => (shape.kind === 'text' ? [shape.text] : []))

describe('receipt content', () => {
  it('says what a receipt says: numbers, times, type, masked account, money and pay type (zh-CN)', () => {
    const content = receiptContent(completed, 'zh-CN')
    expect(content.title).toBe('充值电子凭证')
    expect(content.amount).toBe('¥98.50')
    const rows = Object.fromEntries(content.rows.map((row) => [row.label, row.value]))
    expect(rows['订单号']).toBe('LP202605010001')
    expect(rows['充值流水号']).toBe('SBX20260501000123')
    expect(rows['充值类型']).toBe('话费')
    // Masked as the order list masks it: the image may be shared.
    expect(rows['充值账号']).toBe('138****5678')
    expect(rows['面值']).toBe('¥100.00')
    expect(rows['优惠']).toBe('-¥1.50')
    expect(rows['实付金额']).toBe('¥98.50')
    expect(rows['支付方式']).toBe('支付宝')
    expect(Object.keys(rows)).toEqual(expect.arrayContaining(['下单时间', '支付时间', '完成时间']))
  })

  it('in English, with a dash for a serial the supplier never gave', () => {
    const content = receiptContent(orderDetail({ supplierOrderNo: null }), 'en-US')
    expect(content.title).toBe('Top-up receipt')
    expect(content.rows.find((row) => row.label === 'Supplier serial no.')?.value).toBe('—')
  })
})

describe('receipt content from a back end that sends less (issue 36)', () => {
  it('leaves out the rows of fields the answer does not carry, and draws the rest', () => {
    const { supplierOrderNo: _serial, account: _account, ...production } = completed
    const content = receiptContent(production as typeof completed, 'zh-CN')
    const labels = content.rows.map((row) => row.label)
    expect(labels).not.toContain('充值流水号')
    expect(labels).not.toContain('充值账号')
    expect(labels).toEqual(expect.arrayContaining(['订单号', '面值', '实付金额', '支付方式']))
    expect(content.amount).toBe('¥98.50')
    expect(receiptLayout(content).shapes.length).toBeGreaterThan(0)
  })
})

describe('receipt layout', () => {
  it('one ground the size of the card first, then the title, the amount and every row inside the width', () => {
    const content = receiptContent(completed, 'zh-CN')
    const layout = receiptLayout(content)
    expect(layout.width).toBe(RECEIPT_WIDTH)
    expect(layout.shapes[0]).toEqual({
      kind: 'rect',
      x: 0,
      y: 0,
      width: RECEIPT_WIDTH,
      height: layout.height,
      color: '#ffffff',
    })
    const drawn = texts(layout.shapes)
    expect(drawn.slice(0, 3)).toEqual(['充值电子凭证', '充值成功', '¥98.50'])
    for (const row of content.rows) {
      expect(drawn).toContain(row.label)
      expect(drawn).toContain(row.value)
    }
    for (const shape of layout.shapes) {
      if (shape.kind !== 'text') continue
      const width = textWidth(shape.text, shape.size)
      const left = shape.align === 'left' ? shape.x : shape.align === 'right' ? shape.x - width : shape.x - width / 2
      expect(left).toBeGreaterThanOrEqual(0)
      expect(left + width).toBeLessThanOrEqual(RECEIPT_WIDTH)
      expect(shape.y + shape.size).toBeLessThanOrEqual(layout.height)
    }
  })

  it('a long value wraps onto more lines and pushes the rows below it down', () => {
    const short = receiptLayout(receiptContent(completed, 'zh-CN'))
    const long = receiptLayout(receiptContent({ ...completed, supplierOrderNo: 'X'.repeat(60) }, 'zh-CN'))
    expect(long.height).toBeGreaterThan(short.height)
    expect(wrapText('X'.repeat(60), 14, 200).every((line) => textWidth(line, 14) <= 200)).toBe(true)
    expect(wrapText('X'.repeat(60), 14, 200).join('')).toBe('X'.repeat(60))
  })

  it('electricity and gas accounts are masked too', () => {
    const content = receiptContent(
      orderDetail({ lifePayOrderType: LifePayOrderType.Electric, account: '3100123456789' }),
      'zh-CN',
    )
    expect(content.rows.find((row) => row.label === '充值账号')?.value).not.toContain('3100123456789')
  })
})

describe('painter', () => {
  it('draws every shape at the device ratio: rectangles, text with its font and alignment, dashed lines', () => {
    const calls: string[] = []
    const ctx: ReceiptContext = {
      fillStyle: '',
      strokeStyle: '',
      lineWidth: 0,
      font: '',
      textAlign: '',
      textBaseline: '',
      scale: (x, y) => calls.push(`scale ${x} ${y}`),
      fillRect: (x, y, w, h) => calls.push(`rect ${x} ${y} ${w} ${h} ${ctx.fillStyle}`),
      fillText: (text, x, y) => calls.push(`text ${text} ${x} ${y} ${ctx.textAlign} ${ctx.font.split(' ')[0]}`),
      beginPath: () => undefined,
      moveTo: () => undefined,
      lineTo: () => undefined,
      stroke: () => calls.push('stroke'),
      setLineDash: (segments) => calls.push(`dash ${segments.join(',')}`),
    }
    const layout = receiptLayout(receiptContent(completed, 'zh-CN'))
    paintReceipt(ctx, layout, 3)
    expect(calls[0]).toBe('scale 3 3')
    expect(calls[1]).toBe(`rect 0 0 ${RECEIPT_WIDTH} ${layout.height} #ffffff`)
    expect(calls).toContain(`text 充值电子凭证 ${RECEIPT_WIDTH / 2} 21 center bold`)
    expect(calls.filter((call) => call.startsWith('text LP202605010001'))).toHaveLength(1)
    expect(calls.filter((call) => call === 'stroke')).toHaveLength(2)
    expect(calls).toContain('dash 4,4')
    expect(ctx.textBaseline).toBe('top')
  })
})
