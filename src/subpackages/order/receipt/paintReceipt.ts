import type { ReceiptLayout } from './receiptLayout'

/**
 * What the painter uses of a 2d context: the part WeChat's and Alipay's `Canvas type="2d"` contexts share with the
 * browser's CanvasRenderingContext2D (setLineDash is optional: an older client without it draws solid lines).
 */
export interface ReceiptContext {
  fillStyle: unknown
  strokeStyle: unknown
  lineWidth: number
  font: string
  textAlign: string
  textBaseline: string
  scale(x: number, y: number): void
  fillRect(x: number, y: number, width: number, height: number): void
  fillText(text: string, x: number, y: number): void
  beginPath(): void
  moveTo(x: number, y: number): void
  lineTo(x: number, y: number): void
  stroke(): void
  setLineDash?(segments: number[]): void
}

const FONT_FAMILY = '"PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif'

/** Draws `layout` at `ratio` device pixels per CSS pixel (the canvas is already that many times the layout's size). */
export function paintReceipt(ctx: ReceiptContext, layout: ReceiptLayout, ratio: number): void {
  ctx.scale(ratio, ratio)
  ctx.textBaseline = 'top'
  for (const shape of layout.shapes) {
    if (shape.kind === 'rect') {
      ctx.fillStyle = shape.color
      ctx.fillRect(shape.x, shape.y, shape.width, shape.height)
    } else if (shape.kind === 'text') {
      ctx.fillStyle = shape.color
      ctx.font = `${shape.bold ? 'bold ' : ''}${shape.size}px ${FONT_FAMILY}`
      ctx.textAlign = shape.align
      ctx.fillText(shape.text, shape.x, shape.y)
    } else {
      ctx.strokeStyle = shape.color
      ctx.lineWidth = 1
      ctx.setLineDash?.(shape.dashed ? [4, 4] : [])
      ctx.beginPath()
      ctx.moveTo(shape.x1, shape.y1)
      ctx.lineTo(shape.x2, shape.y2)
      ctx.stroke()
    }
  }
}
