/**
 * How saving a receipt ended, on any platform: saved to the album (mini-programs), the album permission refused (the
 * page explains and offers the settings), the host's prompt closed, or (H5) an image to show full screen for a long
 * press, with a download where the browser honours `download`.
 */
export type ReceiptSaveResult =
  | { kind: 'saved' }
  | { kind: 'albumDenied' }
  | { kind: 'cancelled' }
  | { kind: 'image'; url: string; downloadable: boolean }
