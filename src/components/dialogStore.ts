import { create } from 'zustand'
import { DIALOG_OPEN_DELAY_MS, DIALOG_REMOVE_DELAY_MS } from '@domain/constants'
import { t } from '../i18n/i18n'

export type DialogAction = 'confirm' | 'cancel'

/** SPEC §3 dialog properties. */
export interface DialogOptions {
  title?: string
  content?: string
  /** Ours, beside the SPEC's: what the question is about (e.g. the account to delete), beneath the content. */
  detail?: string
  cancelText?: string
  confirmText?: string
  showCancelBtn?: boolean
  showConfirmBtn?: boolean
  /** Return false (or a promise of false) to keep the dialog open. */
  beforeClose?: (action: DialogAction) => boolean | Promise<boolean>
}

export interface OpenDialog extends Required<Omit<DialogOptions, 'beforeClose'>> {
  id: number
  /** The page it was opened on (PageFrame's id; null outside a page): only that page draws it. */
  page: number | null
  visible: boolean
  beforeClose?: DialogOptions['beforeClose']
  resolve: () => void
  reject: (reason: Error) => void
}

export const useDialogStore = create<{ dialog: OpenDialog | null }>(() => ({ dialog: null }))

/** Rejection of a cancelled dialog: callers `catch` it to do nothing. */
export class DialogCancelled extends Error {
  /**
   * @param byMask dismissed by a tap beside the box, not by the cancel button: for a dialog whose cancel button is an
   *   action of its own (the duplicate-order prompt's "View order"), which a stray tap must not take.
   */
  constructor(readonly byMask = false) {
    super('cancel')
    this.name = 'DialogCancelled'
  }
}

let nextId = 1

// The store is the app's, the dialog its page's: the page in front when it was asked for (issue 37, item 9).
let pageInFront: number | null = null

/** PageFrame: its page is in front now (shown, or shown again). */
export function showDialogsOf(page: number): void {
  pageInFront = page
}

/** PageFrame: its page was covered or left; a dialog it opened goes with it, as cancelled (not by its button). */
export function dismissDialogsOf(page: number): void {
  if (pageInFront === page) pageInFront = null
  const dialog = useDialogStore.getState().dialog
  if (!dialog || dialog.page !== page) return
  useDialogStore.setState({ dialog: null })
  if (dialog.visible) dialog.reject(new DialogCancelled(true))
}

/** Opens after 30 ms; resolves on confirm, rejects with DialogCancelled on cancel (SPEC §4). */
export function confirm(options: DialogOptions = {}): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const id = nextId++
    const page = pageInFront
    setTimeout(() => {
      // Its page went away in the 30 ms: never shown on the next one.
      if (page !== pageInFront) {
        reject(new DialogCancelled(true))
        return
      }
      useDialogStore.setState({
        dialog: {
          id,
          page,
          visible: true,
          title: options.title ?? '',
          content: options.content ?? '',
          detail: options.detail ?? '',
          cancelText: options.cancelText ?? t('dialog.cancel'),
          confirmText: options.confirmText ?? t('dialog.confirm'),
          showCancelBtn: options.showCancelBtn ?? true,
          showConfirmBtn: options.showConfirmBtn ?? true,
          beforeClose: options.beforeClose,
          resolve,
          reject,
        },
      })
    }, DIALOG_OPEN_DELAY_MS)
  })
}

/** The default delete confirmation: 'Are you sure you want to delete this data?', title 'Prompt'. */
export function confirmDelete(options: DialogOptions = {}): Promise<void> {
  return confirm({ title: t('dialog.prompt'), content: t('dialog.deleteContent'), ...options })
}

/** Hides at once, removes 300 ms later (the closing animation), then settles the caller's promise. */
export async function closeDialog(action: DialogAction, byMask = false): Promise<void> {
  const dialog = useDialogStore.getState().dialog
  if (!dialog || !dialog.visible) return
  if (dialog.beforeClose && (await dialog.beforeClose(action)) === false) return
  useDialogStore.setState({ dialog: { ...dialog, visible: false } })
  setTimeout(() => {
    if (useDialogStore.getState().dialog?.id === dialog.id) useDialogStore.setState({ dialog: null })
  }, DIALOG_REMOVE_DELAY_MS)
  if (action === 'confirm') dialog.resolve()
  else dialog.reject(new DialogCancelled(byMask))
}
