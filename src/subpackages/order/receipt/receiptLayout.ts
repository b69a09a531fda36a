import type { ReceiptContent } from './receiptContent'

/**
 * The receipt image as shapes at fixed positions, in CSS pixels of a 375-wide card: one layout drawn by the same
 * painter on WeChat's and Alipay's 2d canvas and on H5's <canvas>, so the three images match. Text positions are
 * their top edge (the painter draws with textBaseline 'top').
 */
export type ReceiptShape =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; color: string }
  | {
      kind: 'text'
      text: string
      x: number
      y: number
      size: number
      bold: boolean
      color: string
      align: 'left' | 'center' | 'right'
    }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; color: string; dashed: boolean }

export interface ReceiptLayout {
  width: number
  height: number
  shapes: ReceiptShape[]
}

export const RECEIPT_WIDTH = 375
const PADDING = 24
const BAND_HEIGHT = 64
const ROW_SIZE = 14
const ROW_LINE = 22
const ROW_GAP = 10
const FOOTER_SIZE = 12
const BRAND = '#ff7a1a'
const TEXT = '#1f2329'
const TEXT_2 = '#5c6370'
const LINE = '#e8eaee'
/** The labels' column; values fill the rest, right-aligned, wrapping when longer. */
const LABEL_WIDTH = 112

/**
 * How wide `text` runs at `size` px without a canvas to measure it: CJK and full-width characters one em, others
 * 0.6 em (digits and Latin letters in the system sans-serif fonts), a generous estimate so that nothing overflows.
 */
export function textWidth(text: string, size: number): number {
  let ems = 0
  for (const char of text) ems += /[\u2E80-\uFFEF]/.test(char) ? 1 : 0.6
  return ems * size
}

/** `text` broken into lines of at most `width` px (by character: order and serial numbers have no spaces). */
export function wrapText(text: string, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const char of text) {
    if (line && textWidth(line + char, size) > width) {
      lines.push(line)
      line = ''
    }
    line += char
  }
  if (line || lines.length === 0) lines.push(line)
  return lines
}

export function receiptLayout(content: ReceiptContent): ReceiptLayout {
  const shapes: ReceiptShape[] = []
  const right = RECEIPT_WIDTH - PADDING
  const center = RECEIPT_WIDTH / 2
  shapes.push({ kind: 'rect', x: 0, y: 0, width: RECEIPT_WIDTH, height: BAND_HEIGHT, color: BRAND })
  shapes.push({
    kind: 'text',
    text: content.title,
    x: center,
    y: 21,
    size: 20,
    bold: true,
    color: '#ffffff',
    align: 'center',
  })

  let y = BAND_HEIGHT + 24
  shapes.push({
    kind: 'text',
    text: content.status,
    x: center,
    y,
    size: 16,
    bold: false,
    color: TEXT_2,
    align: 'center',
  })
  y += 28
  shapes.push({ kind: 'text', text: content.amount, x: center, y, size: 32, bold: true, color: TEXT, align: 'center' })
  y += 52
  shapes.push({ kind: 'line', x1: PADDING, y1: y, x2: right, y2: y, color: LINE, dashed: true })
  y += 18

  const valueWidth = right - PADDING - LABEL_WIDTH
  for (const row of content.rows) {
    const labelLines = wrapText(row.label, ROW_SIZE, LABEL_WIDTH - 8)
    const valueLines = wrapText(row.value, ROW_SIZE, valueWidth)
    labelLines.forEach((text, i) =>
      shapes.push({
        kind: 'text',
        text,
        x: PADDING,
        y: y + i * ROW_LINE,
        size: ROW_SIZE,
        bold: false,
        color: TEXT_2,
        align: 'left',
      }),
    )
    valueLines.forEach((text, i) =>
      shapes.push({
        kind: 'text',
        text,
        x: right,
        y: y + i * ROW_LINE,
        size: ROW_SIZE,
        bold: false,
        color: TEXT,
        align: 'right',
      }),
    )
    y += Math.max(labelLines.length, valueLines.length) * ROW_LINE + ROW_GAP
  }

  y += 6
  shapes.push({ kind: 'line', x1: PADDING, y1: y, x2: right, y2: y, color: LINE, dashed: true })
  y += 16
  for (const text of wrapText(content.footer, FOOTER_SIZE, right - PADDING)) {
    shapes.push({ kind: 'text', text, x: center, y, size: FOOTER_SIZE, bold: false, color: TEXT_2, align: 'center' })
    y += 18
  }
  const height = y + PADDING - 4
  // The card's white ground goes under everything else.
  shapes.unshift({ kind: 'rect', x: 0, y: 0, width: RECEIPT_WIDTH, height, color: '#ffffff' })
  return { width: RECEIPT_WIDTH, height, shapes }
}
