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
  supplierOrderNo: Nullable(Type.String()),
  /** Set once a refund was approved (or started automatically): the provider pays back once per number. */
  refundNo: Nullable(Type.String()),
  /** An attempt is in flight: approving a refund now is refused until the supplier's result comes. */
  rechargeInFlight: Type.Boolean(),
  rechargeAttempts: Type.Array(RechargeAttempt),
})
export type OperatorOrder = Static<typeof OperatorOrder>

/** POST /api/admin/refunds/:orderNo/approve */
export const ApproveRefundInput = Type.Object({
  remark: Type.Optional(Type.String({ maxLength: 400 })),
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
