import { currentRuntimeHost } from '../../../platform/platform'
import { paintReceipt, type ReceiptContext } from './paintReceipt'
import type { ReceiptLayout } from './receiptLayout'
import type { ReceiptSaveResult } from './receiptSaveResult'

// H5: the same drawing on a <canvas> of our own, offered as an image (no album API in a browser).

/** Unused on H5: the canvas is created here, not rendered by the page. */
export const RECEIPT_CANVAS_ID = 'lp-receipt-canvas'

const MAX_RATIO = 3

/**
 * Whether a download link saves the file: not in WeChat's or Alipay's in-app browser (they ignore it), not in iOS
 * Safari before 13 (no `download` attribute, e.g. iOS 11): there the full-screen image is saved by a long press.
 */
function downloadable(): boolean {
  const host = currentRuntimeHost()
  return host === 'h5' && 'download' in document.createElement('a')
}

export async function saveReceiptImage(layout: ReceiptLayout): Promise<ReceiptSaveResult> {
  const canvas = document.createElement('canvas')
  const ratio = Math.min(window.devicePixelRatio || 1, MAX_RATIO)
  canvas.width = Math.round(layout.width * ratio)
  canvas.height = Math.round(layout.height * ratio)
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('no 2d canvas')
  paintReceipt(ctx as unknown as ReceiptContext, layout, ratio)
  return { kind: 'image', url: canvas.toDataURL('image/png'), downloadable: downloadable() }
}

/** No album permission in a browser. */
export function openAlbumSetting(): void {}

/** Saves the image as a file named `fileName` through a download link. */
export function downloadReceiptImage(url: string, fileName: string): void {
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.appendChild(link)
  link.click()
  document.body.removeChild(link)
}
