import type { ReactElement } from 'react'
// .tsx as its H5 twin: Taro picks the twin by the resolved file's own extension.

/** The refund form's SMS opt-in (H5 only: useRefundSmsOptIn.h5.tsx); the mini-programs ask the host instead. */
export interface RefundSmsOptIn {
  /** The box to draw under the form, or null. */
  box: ReactElement | null
  /** After the application went through: the opt-in, when ticked. */
  sendAfterApplication: (orderNo: string) => void
}

export function useRefundSmsOptIn(): RefundSmsOptIn {
  return { box: null, sendAfterApplication: () => undefined }
}
