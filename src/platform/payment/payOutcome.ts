/**
 * What a wallet said about one payment attempt. Never proof of payment: the order is paid only when
 * GetPayStatusByOrderNo says so (the result pages ask it).
 */
export type PayOutcome =
  /** The wallet reports success; the server's payment notification may still be on its way. */
  | { kind: 'succeeded' }
  /** The wallet can't tell (e.g. Alipay 8000 processing, 6004 unknown): ask the server. */
  | { kind: 'unknown' }
  /** The user backed out; the order stays unpaid and payable. */
  | { kind: 'cancelled' }
  | { kind: 'failed'; message?: string }
