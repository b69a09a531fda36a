import Taro from '@tarojs/taro'
import { paintReceipt, type ReceiptContext } from './paintReceipt'
import type { ReceiptLayout } from './receiptLayout'
import type { ReceiptSaveResult } from './receiptSaveResult'

// WeChat and Alipay (the H5 build resolves saveReceiptImage.h5.ts instead, Taro's platform-specific files).

/** The page's hidden <Canvas type="2d"> that the image is drawn on (ReceiptView renders it on the mini-programs). */
export const RECEIPT_CANVAS_ID = 'lp-receipt-canvas'

/** The hosts' 2d canvas node: sized in device pixels; Alipay's exports itself (toTempFilePath, base library 2.7.15). */
interface CanvasNode {
  width: number
  height: number
  getContext(type: '2d'): ReceiptContext
  toTempFilePath?(options: {
    fileType?: string
    success?: (res: { tempFilePath: string }) => void
    fail?: (error: unknown) => void
  }): void
}

/** Sharper than the screen is pointless; more than 3x makes a large file on a plus-size phone. */
const MAX_RATIO = 3

function canvasNode(): Promise<CanvasNode> {
  return new Promise((resolve, reject) => {
    // `fields({ node, size })`: WeChat base library 2.9.0 and Alipay 2.7.3 both answer it for a type="2d" canvas.
    Taro.createSelectorQuery()
      .select(`#${RECEIPT_CANVAS_ID}`)
      .fields({ node: true, size: true })
      .exec((res: ({ node?: CanvasNode } | null)[]) => {
        const node = res?.[0]?.node
        if (node) resolve(node)
        else reject(new Error('the receipt canvas is not on the page'))
      })
  })
}

function tempFilePath(canvas: CanvasNode): Promise<string> {
  if (process.env.TARO_ENV === 'alipay') {
    const { toTempFilePath } = canvas
    // A client older than the 2d canvas's export (2.7.15) fails the save instead of leaving it busy for ever.
    if (!toTempFilePath) return Promise.reject(new Error('this Alipay client cannot export the receipt canvas'))
    return new Promise((resolve, reject) =>
      toTempFilePath.call(canvas, { fileType: 'png', success: (res) => resolve(res.tempFilePath), fail: reject }),
    )
  }
  // WeChat: canvasToTempFilePath takes the 2d canvas node itself (base library 2.9.0).
  return Taro.canvasToTempFilePath({ canvas: canvas as unknown as Taro.Canvas, fileType: 'png' } as never).then(
    (res) => res.tempFilePath,
  )
}

/**
 * A refusal to write to the album: WeChat's `auth deny` / `authorize no response` (scope.writePhotosAlbum denied, now
 * or before), Alipay's error 15 (the album permission is off, iOS).
 */
function albumDenied(error: unknown): boolean {
  const { errMsg, error: code } = (error ?? {}) as { errMsg?: string; error?: number }
  return code === 15 || /auth|author/i.test(errMsg ?? '')
}

/** The user closed the host's own prompt: nothing to say. */
function cancelled(error: unknown): boolean {
  const { errMsg, error: code } = (error ?? {}) as { errMsg?: string; error?: number }
  return code === 11 || /cancel/i.test(errMsg ?? '')
}

/** Draws the receipt on the page's canvas, exports it as a PNG and saves it to the album. */
export async function saveReceiptImage(layout: ReceiptLayout): Promise<ReceiptSaveResult> {
  const canvas = await canvasNode()
  const ratio = Math.min(Taro.getSystemInfoSync().pixelRatio || 2, MAX_RATIO)
  canvas.width = Math.round(layout.width * ratio)
  canvas.height = Math.round(layout.height * ratio)
  paintReceipt(canvas.getContext('2d'), layout, ratio)
  const filePath = await tempFilePath(canvas)
  try {
    await Taro.saveImageToPhotosAlbum({ filePath })
  } catch (error) {
    if (albumDenied(error)) return { kind: 'albumDenied' }
    if (cancelled(error)) return { kind: 'cancelled' }
    throw error
  }
  return { kind: 'saved' }
}

/** After a refusal: the host's settings page, where the album permission can be turned on (opened from a tap). */
export function openAlbumSetting(): void {
  void Taro.openSetting().catch(() => undefined)
}

/** Only H5 offers the image as a download. */
export function downloadReceiptImage(_url: string, _fileName: string): void {}
