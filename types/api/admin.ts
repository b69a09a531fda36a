import { Type, type Static } from '@sinclair/typebox'
import { LifePayOrderDetail, LifePayRate } from './lifePay'
import { DateTime, Nullable, OneOf } from './schema'

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
   * The payment provider's final word on the refund (WeChat Pay's refund notification), null until it comes:
   * `abnormal` and `closed` mean the money did NOT go back — the operator returns it another way (docs/deploy.md).
   */
  refundStatus: Nullable(OneOf(['succeeded', 'abnormal', 'closed', 'returnedManually'])),
  /** How the operator returned the money of an abnormal or closed refund (refundStatus `returnedManually`). */
  refundReturnedRemark: Nullable(Type.String()),
  /** An attempt is in flight: approving a refund now is refused until the supplier's result comes. */
  rechargeInFlight: Type.Boolean(),
  rechargeAttempts: Type.Array(RechargeAttempt),
})
export type OperatorOrder = Static<typeof OperatorOrder>

/** GET /api/admin/notifications items: one delivery to a notify route, as received. */
export const ProviderNotification = Type.Object({
  id: Type.Integer(),
  provider: Type.String(),
  route: Type.String(),
  receivedTime: DateTime(),
  /** Signature headers and content type only. */
  headers: Type.Record(Type.String(), Type.String()),
  body: Type.String(),
  verified: Type.Boolean(),
  outcome: OneOf(['recorded', 'duplicate', 'refused']),
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

/** What a reconciliation mismatch is about (docs/api.md § Reconciliation). */
export const reconciliationMismatchKinds = [
  'providerPaidOrderUnpaid',
  'orderPaidProviderUnpaid',
  'paidAmountDiffers',
  'transactionIdDiffers',
  'orderRefundedNoProviderRefund',
  'refundAmountDiffers',
  'providerRefundedOrderNotRefunded',
  'deliveredSupplierDisagrees',
  'supplierSucceededOrderNotDelivered',
  'deliveredAndRefunded',
  'refundedSupplierProcessing',
  'noOutcomeAfter24h',
] as const
export type ReconciliationMismatchKind = (typeof reconciliationMismatchKinds)[number]

/** One disagreement between an order and a provider's record of it, or a paid order left without an outcome. */
export const ReconciliationMismatch = Type.Object({
  orderNo: Type.String(),
  kind: OneOf(reconciliationMismatchKinds),
  /** What disagrees, in plain words with both sides' values. */
  explanation: Type.String(),
})
export type ReconciliationMismatch = Static<typeof ReconciliationMismatch>

/** Money and deliveries of the day, one side's view: counted by when each happened, amounts in fen. */
export const ReconciliationTotals = Type.Object({
  paidCount: Type.Integer(),
  paidFen: Type.Integer(),
  refundedCount: Type.Integer(),
  refundedFen: Type.Integer(),
  deliveredCount: Type.Integer(),
})
export type ReconciliationTotals = Static<typeof ReconciliationTotals>

/** GET /api/admin/reconciliation */
export const ReconciliationReport = Type.Object({
  /** The Asia/Shanghai calendar day reported on. */
  date: Type.String({ format: 'date' }),
  from: DateTime({ description: 'Start of the day (00:00 Asia/Shanghai), inclusive' }),
  to: DateTime({ description: 'End of the day (next 00:00 Asia/Shanghai), exclusive' }),
  generatedAt: DateTime(),
  /** Orders created that day. */
  ordersCreated: Type.Integer(),
  /** Orders compared with the providers: any created, paid, refunded or delivered that day, and every paid order
   * still without an outcome 24 hours after payment. */
  ordersCompared: Type.Integer(),
  /** Our orders' view. */
  orders: ReconciliationTotals,
  /** The payment provider's and the supplier's answers about the same orders. */
  providers: ReconciliationTotals,
  mismatchCounts: Type.Record(Type.String(), Type.Integer(), {
    description: 'Mismatches per kind; kinds without any are left out',
  }),
  mismatches: Type.Array(ReconciliationMismatch),
})
export type ReconciliationReport = Static<typeof ReconciliationReport>
