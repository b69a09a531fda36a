import { create } from 'zustand'
import { TOAST_DEFAULT_MS } from '@domain/constants'

export type ToastType = 'success' | 'error' | 'warning'

export interface ToastMessage {
  id: number
  type: ToastType
  text: string
}

interface ToastState {
  toast: ToastMessage | null
}

export const useToastStore = create<ToastState>(() => ({ toast: null }))

let nextId = 1
let hideTimer: ReturnType<typeof setTimeout> | undefined

/** SPEC §4: a toast shows, then hides itself after its duration (default 2000 ms). A newer toast replaces it. */
export function showToast(type: ToastType, text: string, duration = TOAST_DEFAULT_MS): void {
  if (hideTimer) clearTimeout(hideTimer)
  const id = nextId++
  useToastStore.setState({ toast: { id, type, text } })
  hideTimer = setTimeout(() => {
    if (useToastStore.getState().toast?.id === id) useToastStore.setState({ toast: null })
  }, duration)
}

export function hideToast(): void {
  if (hideTimer) clearTimeout(hideTimer)
  useToastStore.setState({ toast: null })
}
