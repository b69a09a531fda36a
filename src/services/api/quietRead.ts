import type { CallOptions } from '../http/requestOptions'

// Reads are quiet (docs/decisions/app-shell.md): the screen that shows a read draws its own loading state (a skeleton,
// PageState) where the answer will appear. SPEC §4's masked indicator is for what the user does (an order, a save).

/** A read's call: no masked indicator; the caller's own options (e.g. skipErrorHandler) on top. */
export const quietRead = (call: CallOptions = {}): CallOptions => ({ showLoading: false, ...call })
