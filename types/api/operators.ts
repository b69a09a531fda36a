import { Type, type Static } from '@sinclair/typebox'
import { operatorRoleValues } from '@domain/operatorRole'
import { DateTime, Nullable, OneOf } from './schema'

// Operator accounts, their sessions and the audit trail (docs/server.md § Operator side).

export const OperatorRole = OneOf(operatorRoleValues)
export type OperatorRole = Static<typeof OperatorRole>

/**
 * POST /api/operator/login. An operator with two-step verification sends the password alone first (TOTP_REQUIRED
 * answers), then again with `totpCode` or one of their `recoveryCode`s.
 */
export const OperatorLoginInput = Type.Object({
  loginName: Type.String({ maxLength: 64 }),
  password: Type.String({ maxLength: 128 }),
  totpCode: Type.Optional(Type.String({ maxLength: 16, description: 'The 6 digits the authenticator app shows' })),
  recoveryCode: Type.Optional(Type.String({ maxLength: 32, description: 'One of the recovery codes, used once' })),
})
export type OperatorLoginInput = Static<typeof OperatorLoginInput>

export const OperatorProfile = Type.Object({
  loginName: Type.String(),
  displayName: Type.String(),
  role: OperatorRole,
})
export type OperatorProfile = Static<typeof OperatorProfile>

/**
 * POST /api/operator/login and GET /api/operator/me: the session itself travels in the httpOnly `lp_operator`
 * cookie; every state-changing operator request sends `csrfToken` as the X-CSRF-Token header.
 */
export const OperatorSession = Type.Object({
  operator: OperatorProfile,
  csrfToken: Type.String(),
  /** The operator logs in with a one-time code too. */
  totpEnabled: Type.Boolean(),
  /** An admin without it in production: every operator route answers TOTP_ENROLMENT_REQUIRED until it is set up. */
  totpEnrolmentRequired: Type.Boolean(),
})
export type OperatorSession = Static<typeof OperatorSession>

/** GET /api/admin/operators items. No password hash, ever. */
export const OperatorAccount = Type.Object({
  id: Type.String(),
  loginName: Type.String(),
  displayName: Type.String(),
  role: OperatorRole,
  disabled: Type.Boolean(),
  /** Two-step verification (TOTP) is on. */
  totpEnabled: Type.Boolean(),
  creationTime: DateTime(),
  lastLoginTime: Nullable(DateTime()),
})
export type OperatorAccount = Static<typeof OperatorAccount>

/** GET /api/operator/totp: the logged-in operator's two-step verification. */
export const TotpStatus = Type.Object({
  enabled: Type.Boolean(),
  enabledTime: Nullable(DateTime()),
  /** Recovery codes not used yet. */
  recoveryCodesLeft: Type.Integer(),
})
export type TotpStatus = Static<typeof TotpStatus>

/** POST /api/operator/totp/enrolment: a new key to add to an authenticator app, not in force until confirmed. */
export const TotpEnrolment = Type.Object({
  /** The key in base32, to type into the app. */
  secret: Type.String(),
  /** The same as an otpauth:// URI, the QR code's content. */
  otpauthUri: Type.String(),
})
export type TotpEnrolment = Static<typeof TotpEnrolment>

/** POST /api/operator/totp/enrolment/confirm */
export const TotpConfirmInput = Type.Object({
  code: Type.String({ maxLength: 16, description: 'The code the app shows for the new key' }),
})
export type TotpConfirmInput = Static<typeof TotpConfirmInput>

/** The answer of a confirmed enrolment: the recovery codes, shown this once (only their hashes are kept). */
export const TotpRecoveryCodes = Type.Object({ recoveryCodes: Type.Array(Type.String()) })
export type TotpRecoveryCodes = Static<typeof TotpRecoveryCodes>

/** POST /api/admin/operators */
export const CreateOperatorInput = Type.Object({
  loginName: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._@-]+$' }),
  displayName: Type.Optional(Type.String({ maxLength: 64 })),
  password: Type.String({ minLength: 10, maxLength: 128, description: 'At least 10 characters' }),
  role: OperatorRole,
})
export type CreateOperatorInput = Static<typeof CreateOperatorInput>

/** POST /api/admin/operators/:loginName/role */
export const SetOperatorRoleInput = Type.Object({ role: OperatorRole })
export type SetOperatorRoleInput = Static<typeof SetOperatorRoleInput>

/** One operator action as recorded (append-only). */
export const AuditEntry = Type.Object({
  id: Type.Integer(),
  at: DateTime(),
  /** The operator's id; `service:token` for automation with X-Operator-Token; `anonymous` for a failed login. */
  actor: Type.String(),
  actorName: Type.String(),
  action: Type.String({ description: 'e.g. refund.approve, channel.disable, operator.login.failed' }),
  targetType: OneOf(['order', 'channel', 'rate', 'job', 'operator', 'user', 'reconciliation', 'orphanPayment']),
  targetId: Type.String({
    description:
      'Order number, channel id, rate type, job id, operator login name, user id, reconciliation day (and item) or ' +
      'orphan payment id',
  }),
  before: Type.Unknown(),
  after: Type.Unknown(),
  remark: Nullable(Type.String()),
  address: Nullable(Type.String()),
})
export type AuditEntry = Static<typeof AuditEntry>

/** GET /api/admin/audit: newest first. */
export const AuditPage = Type.Object({
  items: Type.Array(AuditEntry),
  totalCount: Type.Integer(),
})
export type AuditPage = Static<typeof AuditPage>
