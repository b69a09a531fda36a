import { Type, type Static } from '@sinclair/typebox'
import { LifePayOrderDetail, LifePayRate } from './lifePay'
import { DateTime, Nullable, OneOf } from './schema'
import {
  orphanReasons,
  orphanStatuses,
  reconciliationActions,
  reconciliationItemStatuses,
  reconciliationKinds,
  reconciliationSources,
} from '@domain/moneyEdges'

export type { ReconciliationKind, ReconciliationSource } from '@domain/moneyEdges'

// The operator's calls (X-Operator-Token): what the user sees of an order, plus the supplier's side of it.

export const rechargeAttemptOutcomeValues = ['submitting', 'unavailable', 'accepted', 'succeeded', 'failed'] as const

/** One time the recharge was put to the supplier, and what became of it. */
export const RechargeAttempt = Type.Object({
  attemptNo: Type.Integer({ minimum: 1 }),
  outcome: OneOf(rechargeAttemptOutcomeValues, {
    description: 'submitting and accepted are in flight: the supplier may still deliver',
  }),
  supplierOrderNo: Nullable(Type.String()),
  /** The supplier's reason for a refusal or a failure, as it gave it. */
  reason: Nullable(Type.String()),
  startTime: DateTime(),
  finishTime: Nullable(DateTime()),
})
export type RechargeAttempt = Static<typeof RechargeAttempt>

/** GET /api/admin/refunds items and GET /api/admin/orders/:orderNo */
export const OperatorOrder = Type.Object({
  ...LifePayOrderDetail.properties,
  /** The supplier's last word: `success`, `failed: <reason>`, or null while none came. */
  supplierResult: Nullable(Type.String()),
  /** Set once a refund was approved (or started automatically): the provider pays back once per number. */
  refundNo: Nullable(Type.String()),
  /**
   * The payment provider's word on the refund: `processing` until it confirms the money back (its refund query or
   * notification: `succeeded`); `abnormal` and `closed` mean the money did NOT go back — the operator returns it
   * another way (docs/deploy.md). Null on orders refunded before the provider's word was recorded.
   */
  refundStatus: Nullable(OneOf(['processing', 'succeeded', 'abnormal', 'closed', 'returnedManually'])),
  /** How the operator returned the money of an abnormal or closed refund (refundStatus `returnedManually`). */
  refundReturnedRemark: Nullable(Type.String()),
  /** An attempt is in flight: approving a refund now is refused until the supplier's result comes. */
  rechargeInFlight: Type.Boolean(),
  rechargeAttempts: Type.Array(RechargeAttempt),
})
export type OperatorOrder = Static<typeof OperatorOrder>

/** GET /api/admin/notifications items: one delivery to a notify route, as received. */
/**
 * What a delivery to a notify route came to: recorded (it changed something), duplicate (seen before), orphan (a
 * payment no order keeps: recorded and refunded), noPayment (genuine, reports no payment), refused (not believed).
 */
export const notificationOutcomes = ['recorded', 'duplicate', 'orphan', 'noPayment', 'refused'] as const
export type NotificationOutcome = (typeof notificationOutcomes)[number]

export const ProviderNotification = Type.Object({
  id: Type.Integer(),
  provider: Type.String(),
  route: Type.String(),
  receivedTime: DateTime(),
  /** Signature headers and content type only. */
  headers: Type.Record(Type.String(), Type.String()),
  body: Type.String(),
  verified: Type.Boolean(),
  outcome: OneOf(notificationOutcomes),
  reason: Nullable(Type.String()),
  orderNo: Nullable(Type.String()),
})
export type ProviderNotification = Static<typeof ProviderNotification>

/** POST /api/admin/refunds/:orderNo/returned */
export const RefundReturnedInput = Type.Object({
  remark: Type.String({ minLength: 1, maxLength: 400, description: 'How the money was returned (transfer id…)' }),
})
export type RefundReturnedInput = Static<typeof RefundReturnedInput>

/** POST /api/admin/refunds/:orderNo/approve */
export const ApproveRefundInput = Type.Object({
  remark: Type.Optional(Type.String({ maxLength: 400 })),
  refundCredentialsImgUrl: Type.Optional(
    Type.String({
      maxLength: 500,
      description:
        'The voucher image (uploaded with /api/operator/refundVoucherCredentials): required from a logged-in ' +
        'operator, optional for the automation token',
    }),
  ),
  acknowledgeDelivered: Type.Optional(
    Type.Boolean({ description: 'Refund a top-up the supplier reported delivered, after checking it did not arrive' }),
  ),
})
export type ApproveRefundInput = Static<typeof ApproveRefundInput>

/** GET /api/admin/channels items: a channel and its own rates (in force only while enabled). */
export const Channel = Type.Object({
  channelId: Type.String(),
  name: Type.String(),
  enabled: Type.Boolean(),
  rates: Type.Array(LifePayRate),
})
export type Channel = Static<typeof Channel>

export const jobStatusValues = ['pending', 'running', 'done', 'failed'] as const

/** GET /api/admin/jobs/failed items and POST /api/admin/jobs/:id/retry: one background job as the queue keeps it. */
export const FailedJob = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  payload: Type.Object({}, { additionalProperties: true }),
  status: OneOf(jobStatusValues),
  attempts: Type.Integer(),
  maxAttempts: Type.Integer(),
  runAt: DateTime(),
  lastError: Nullable(Type.String()),
  creationTime: DateTime(),
  updatedTime: DateTime(),
})
export type FailedJob = Static<typeof FailedJob>

/** GET /api/admin/jobs/failed `counts`: how many jobs the queue holds per status. */
export const JobQueueCounts = Type.Object({
  pending: Type.Optional(Type.Integer()),
  running: Type.Optional(Type.Integer()),
  done: Type.Optional(Type.Integer()),
  failed: Type.Optional(Type.Integer()),
})
export type JobQueueCounts = Static<typeof JobQueueCounts>

/** One difference a reconciliation found, and what was done about it. */
export const ReconciliationItem = Type.Object({
  id: Type.Integer(),
  date: Type.String({ format: 'date' }),
  source: OneOf(reconciliationSources),
  kind: OneOf(reconciliationKinds),
  orderNo: Nullable(Type.String()),
  outTradeNo: Nullable(Type.String()),
  transactionId: Nullable(Type.String()),
  refundNo: Nullable(Type.String()),
  /** Our amount and the provider's, in fen, where the item has them. */
  ourAmountFen: Nullable(Type.Integer()),
  providerAmountFen: Nullable(Type.Integer()),
  /** What disagrees, in plain words with both sides' values. */
  explanation: Type.String(),
  action: OneOf(reconciliationActions),
  /** open: to be looked at; resolved: an operator did (resolvedBy, remark); gone: a later run no longer found it. */
  status: OneOf(reconciliationItemStatuses),
  resolvedBy: Nullable(Type.String()),
  resolvedTime: Nullable(DateTime()),
  resolutionRemark: Nullable(Type.String()),
})
export type ReconciliationItem = Static<typeof ReconciliationItem>

/** One side's money of the day, amounts in fen (the supplier run counts deliveries instead). */
export const ReconciliationTotals = Type.Object({
  paymentCount: Type.Integer(),
  paymentFen: Type.Integer(),
  refundCount: Type.Integer(),
  refundFen: Type.Integer(),
  deliveredCount: Type.Optional(Type.Integer()),
})
export type ReconciliationTotals = Static<typeof ReconciliationTotals>

/** One source's reconciliation of the day. */
export const ReconciliationRun = Type.Object({
  source: OneOf(reconciliationSources),
  /** Who answered: wechatpay, alipay, sandbox, or the supplier's name. */
  provider: Type.String(),
  /** done; waiting: the bill is not cut yet (retried); failed: the provider could not be read (error). */
  status: OneOf(['running', 'done', 'waiting', 'failed'] as const),
  error: Nullable(Type.String()),
  startedTime: DateTime(),
  finishedTime: Nullable(DateTime()),
  ours: Nullable(ReconciliationTotals),
  theirs: Nullable(ReconciliationTotals),
})
export type ReconciliationRun = Static<typeof ReconciliationRun>

/** GET /api/admin/reconciliation, POST /api/admin/reconciliation/run */
export const ReconciliationReport = Type.Object({
  /** The Asia/Shanghai calendar day reported on. */
  date: Type.String({ format: 'date' }),
  from: DateTime({ description: 'Start of the day (00:00 Asia/Shanghai), inclusive' }),
  to: DateTime({ description: 'End of the day (next 00:00 Asia/Shanghai), exclusive' }),
  /** Empty until the day was reconciled (each morning for the day before, or on demand). */
  runs: Type.Array(ReconciliationRun),
  items: Type.Array(ReconciliationItem),
  /** Items still open. */
  openCount: Type.Integer(),
})
export type ReconciliationReport = Static<typeof ReconciliationReport>

/** POST /api/admin/reconciliation/items/:id/resolve */
export const ResolveReconciliationItemInput = Type.Object({
  remark: Type.String({ minLength: 1, maxLength: 500, description: 'What was done about it' }),
})
export type ResolveReconciliationItemInput = Static<typeof ResolveReconciliationItemInput>

/** GET /api/admin/orphan-payments items: money a provider took that no order keeps, and its refund. */
export const OrphanPayment = Type.Object({
  id: Type.String({ format: 'uuid' }),
  lifePayType: Type.Integer(),
  provider: Type.String(),
  outTradeNo: Type.String(),
  /** The order its out_trade_no was issued for; null when it is not ours. */
  orderNo: Nullable(Type.String()),
  transactionId: Type.String(),
  amountFen: Type.Integer(),
  paidAt: DateTime(),
  reason: OneOf(orphanReasons),
  source: OneOf(['notification', 'query', 'bill'] as const),
  /** refunding → returned | notReturned (→ returnedManually, by an operator) */
  status: OneOf(orphanStatuses),
  refundNo: Type.String(),
  refundRemark: Nullable(Type.String()),
  refundTime: Nullable(DateTime()),
  operatorRemark: Nullable(Type.String()),
  creationTime: DateTime(),
  updatedTime: DateTime(),
})
export type OrphanPayment = Static<typeof OrphanPayment>

/** POST /api/admin/orphan-payments/:id/returned */
export const OrphanReturnedInput = Type.Object({
  remark: Type.String({ minLength: 1, maxLength: 500, description: 'How the money was returned' }),
})
export type OrphanReturnedInput = Static<typeof OrphanReturnedInput>
