import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

// Money columns are integer fen; rates are parts per million of the face value (98.5 % → 985000).

const createdAt = () => timestamp('creation_time', { withTimezone: true, mode: 'date' }).notNull()
const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    phoneNumber: text('phone_number'),
    userName: text('user_name').notNull(),
    /** argon2id; null for users who only ever logged in by code or WeChat. */
    passwordHash: text('password_hash'),
    avatarUrl: text('avatar_url'),
    wxOpenId: text('wx_open_id'),
    /**
     * The Alipay user id (open_id or 2088… user_id) of the user's last Alipay login: where Alipay subscribe messages
     * go (issue 20). wxOpenId holds whichever host's id logged in last, so it cannot tell the hosts apart.
     */
    alipayUserId: text('alipay_user_id'),
    /** The user whose QR code brought this one in (FromScan logins). */
    referrerUserId: uuid('referrer_user_id'),
    /**
     * The channel whose rates price this user's orders (docs/api.md § Pricing): the channelId they signed up with when
     * the server knew and had enabled it, '' (the default channel) otherwise. Set once at sign-up; only an operator
     * changes it, never a request's channelId.
     */
    channelId: text('channel_id').notNull().default(''),
    creationTime: createdAt(),
  },
  (t) => [
    uniqueIndex('users_phone_number_key').on(t.phoneNumber),
    uniqueIndex('users_wx_open_id_key').on(t.wxOpenId),
    uniqueIndex('users_alipay_user_id_key').on(t.alipayUserId),
  ],
)

/**
 * The recharge module's logins (phone + code): each issues an id, sent as X-LifePay-User-Id, that is random and
 * distinct from the user's `id` (shown in QR codes as the referrer's uId), expires, and is revoked by logout.
 */
export const virtualLogins = pgTable(
  'virtual_logins',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    creationTime: createdAt(),
    expiresAt: time('expires_at').notNull(),
    revokedAt: time('revoked_at'),
  },
  (t) => [index('virtual_logins_user_idx').on(t.userId)],
)

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Every token descended from one login shares the family; reuse of a rotated token revokes it whole. */
    familyId: uuid('family_id').notNull(),
    /** sha256 of the token: the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    clientId: text('client_id').notNull(),
    creationTime: createdAt(),
    expiresAt: time('expires_at').notNull(),
    rotatedAt: time('rotated_at'),
    revokedAt: time('revoked_at'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
)

/**
 * Counters of the abuse limits (server/src/http/rateLimiter.ts), shared by every instance: one row per limit and
 * subject (an IP, a phone number, a login name …), counting within a fixed window that starts at its first point.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    resetTime: time('reset_time').notNull(),
  },
  (t) => [index('rate_limits_reset_time_idx').on(t.resetTime)],
)

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phoneNumber: text('phone_number').notNull(),
    businessType: integer('business_type').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: time('expires_at').notNull(),
    wrongAttempts: integer('wrong_attempts').notNull().default(0),
    consumedAt: time('consumed_at'),
    creationTime: createdAt(),
  },
  (t) => [index('sms_codes_phone_time_idx').on(t.phoneNumber, t.creationTime)],
)

/** What the sandbox SMS provider "sent": readable at GET /api/dev/sms-outbox while it is active. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phoneNumber: text('phone_number').notNull(),
    businessType: integer('business_type').notNull(),
    code: text('code').notNull(),
    text: text('text').notNull(),
    creationTime: createdAt(),
  },
  (t) => [index('sms_outbox_phone_time_idx').on(t.phoneNumber, t.creationTime)],
)

/** WeChat sessions handed out by code2session: phone authorisation must present the session key issued here. */
export const wxSessions = pgTable('wx_sessions', {
  openId: text('open_id').primaryKey(),
  appId: text('app_id').notNull(),
  sessionKey: text('session_key').notNull(),
  unionId: text('union_id'),
  /** Set by WxMiniAppUserLoginFromScan before the phone is known; applied when the user is created. */
  referrerUserId: uuid('referrer_user_id'),
  userName: text('user_name'),
  updatedTime: time('updated_time').notNull(),
})

export const ossCredentials = pgTable('oss_credentials', {
  accessKeyId: text('access_key_id').primaryKey(),
  accessKeySecret: text('access_key_secret').notNull(),
  securityToken: text('security_token').notNull(),
  userId: uuid('user_id').notNull(),
  dir: text('dir').notNull(),
  expiresAt: time('expires_at').notNull(),
  creationTime: createdAt(),
})

/**
 * Channels (docs/api.md § Pricing): where a user came from, sent by the client as `channelId`. A channel's own rates
 * apply only while it is known here and enabled; any other id prices at the default channel's rates.
 */
export const channels = pgTable('channels', {
  channelId: text('channel_id').primaryKey(),
  name: text('name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /**
   * The production back end's CreateEditPayChannels `switchType` (10, 20, 30) and `channlesType` (10, 20): kept and
   * answered for the console; pricing does not read them.
   */
  switchType: integer('switch_type'),
  channlesType: integer('channles_type'),
  creationTime: createdAt(),
  updatedTime: time('updated_time').notNull(),
})

export const lifePayRates = pgTable(
  'life_pay_rates',
  {
    /** '' is the default channel, used by every channel without rates of its own (or not known and enabled). */
    channelId: text('channel_id').notNull(),
    rateType: integer('rate_type').notNull(),
    ratePpm: integer('rate_ppm').notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.rateType] })],
)

export const parValues = pgTable(
  'par_values',
  {
    lifePayOrderType: integer('life_pay_order_type').notNull(),
    /** ispCode, electricType or gasOrgType. */
    subType: text('sub_type').notNull(),
    faceValueFen: integer('face_value_fen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lifePayOrderType, t.subType, t.faceValueFen] })],
)

export const electricSupportAreas = pgTable(
  'electric_support_areas',
  {
    provinceCode: text('province_code').notNull(),
    provinceName: text('province_name').notNull(),
    cityCode: text('city_code').notNull(),
    cityName: text('city_name').notNull(),
    electricType: text('electric_type').notNull(),
    needHolderName: boolean('need_holder_name').notNull(),
    sort: integer('sort').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provinceCode, t.cityCode] })],
)

export const regions = pgTable(
  'regions',
  {
    areaCode: text('area_code').primaryKey(),
    areaName: text('area_name').notNull(),
    parentCode: text('parent_code'),
    sort: integer('sort').notNull(),
  },
  (t) => [index('regions_parent_idx').on(t.parentCode, t.sort)],
)

export const lifePayOrders = pgTable(
  'life_pay_orders',
  {
    id: uuid('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The channelId the request sent, as sent: attribution only, it never prices the order. */
    channelId: text('channel_id'),
    /**
     * The channel whose rate priced the order (`ratePpm`): its user's channel while that channel is enabled and has a
     * rate of the order's type, '' (default) otherwise; null for orders made before users had a channel.
     */
    rateChannelId: text('rate_channel_id'),
    lifePayOrderType: integer('life_pay_order_type').notNull(),
    /** Phone number, electricity or gas account. */
    account: text('account').notNull(),
    ispCode: text('isp_code'),
    electricType: text('electric_type'),
    electricAccountType: text('electric_account_type'),
    gasOrgType: text('gas_org_type'),
    province: text('province'),
    city: text('city'),
    name: text('name'),
    /** Southern Grid: the last six characters of the holder's ID number (domain/sixId.ts); shown masked everywhere. */
    sixId: text('six_id'),
    parValueFen: integer('par_value_fen').notNull(),
    ratePpm: integer('rate_ppm').notNull(),
    payAmountFen: integer('pay_amount_fen').notNull(),
    discountAmountFen: integer('discount_amount_fen').notNull(),
    payStatus: integer('pay_status').notNull(),
    lifePayOrderStatus: integer('life_pay_order_status').notNull(),
    lifePayType: integer('life_pay_type'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Hash of the creation request: a key reused for a different order is refused. */
    requestHash: text('request_hash').notNull(),
    /** The payment provider's transaction id, set by the payment notification. */
    transactionId: text('transaction_id'),
    /** The out_trade_no the provider took the payment under (payment_attempts): what its refund and queries name. */
    outTradeNo: text('out_trade_no'),
    supplierOrderNo: text('supplier_order_no'),
    /** What the supplier last reported, kept even when the order has moved on (e.g. refund under review). */
    supplierResult: text('supplier_result'),
    payTime: time('pay_time'),
    finishTime: time('finish_time'),
    refundApplyTime: time('refund_apply_time'),
    refundApplyRemark: text('refund_apply_remark'),
    /** The chosen reason's code (domain/refundApplyReason.ts) when the app sent one or the remark names one. */
    refundApplyReason: text('refund_apply_reason'),
    refundTime: time('refund_time'),
    refundCheckRemark: text('refund_check_remark'),
    /** The reviewer's voucher image (an object of our bucket's refund-vouchers/ folder), stored on approval. */
    refundCredentialsImgUrl: text('refund_credentials_img_url'),
    /** When a reviewer approved or rejected the refund. */
    refundCheckTime: time('refund_check_time'),
    refundNo: text('refund_no'),
    /**
     * The payment provider's final word on the refund (WeChat Pay's refund notification): succeeded, or abnormal /
     * closed — the money did NOT go back and the operator must return it another way (docs/deploy.md).
     */
    refundStatus: text('refund_status'),
    refundStatusTime: time('refund_status_time'),
    /** The operator's account of how money a failed refund kept was returned (status `returnedManually`). */
    refundReturnedRemark: text('refund_returned_remark'),
    expireTime: time('expire_time').notNull(),
    creationTime: createdAt(),
    updatedTime: time('updated_time').notNull(),
  },
  (t) => [
    uniqueIndex('life_pay_orders_order_no_key').on(t.orderNo),
    uniqueIndex('life_pay_orders_user_idempotency_key').on(t.userId, t.idempotencyKey),
    // The order page's sort (creation_time desc, order_no desc; plain DESC is NULLS FIRST): PostgreSQL reads the
    // page off the index and stops after pageSize rows instead of sorting the user's whole history.
    index('life_pay_orders_user_page_idx').on(
      t.userId,
      t.creationTime.desc().nullsFirst(),
      t.orderNo.desc().nullsFirst(),
    ),
    index('life_pay_orders_user_type_page_idx').on(
      t.userId,
      t.lifePayOrderType,
      t.creationTime.desc().nullsFirst(),
      t.orderNo.desc().nullsFirst(),
    ),
    // The duplicate guard's read at create (the user's orders on one account): a lookup, not a walk through the
    // user's whole history of the type, however many orders they have (server/src/modules/lifePay/orders.ts).
    index('life_pay_orders_user_account_idx').on(t.userId, t.lifePayOrderType, t.account),
    // The operator order page's default sort over every user (GetLifePayOrderPage and its export's keyset batches).
    index('life_pay_orders_page_idx').on(t.creationTime.desc().nullsFirst(), t.orderNo.desc().nullsFirst()),
    index('life_pay_orders_refund_review_idx')
      .on(t.refundApplyTime)
      .where(sql`${t.lifePayOrderStatus} = 40`),
    // The orders still waiting for something (unpaid, recharging, refund review, refunding, refund in progress): what
    // /metrics counts on every scrape (modules/metrics/databaseGauges.ts), a few rows at any size of the table.
    index('life_pay_orders_unsettled_idx')
      .on(t.lifePayOrderStatus, t.payStatus)
      .where(sql`${t.lifePayOrderStatus} IN (10, 40) OR ${t.payStatus} = 30 OR ${t.refundStatus} = 'processing'`),
    // The expiry sweep's read (modules/lifePay/orderExpiry.ts): the unpaid orders by the time they close, a few rows
    // at any size of the table (issue 38: instead of a jobs row written with every order).
    index('life_pay_orders_unpaid_expiry_idx')
      .on(t.expireTime)
      .where(sql`${t.payStatus} = 10 AND ${t.lifePayOrderStatus} = 10`),
    // Reconciliation's reads of a day (docs/money.md): the payments and the refunds it took.
    index('life_pay_orders_pay_time_idx').on(t.payTime),
    index('life_pay_orders_refund_time_idx').on(t.refundTime),
  ],
)

/**
 * Each time the recharge is put to the supplier, and what became of it (docs/api.md § Refunds and deliveries):
 * submitting (marked under the order's lock before the call) → unavailable | accepted → succeeded | failed. An
 * attempt submitting or accepted is in flight: the supplier may still deliver, so no refund is approved meanwhile.
 */
export const rechargeAttempts = pgTable(
  'recharge_attempts',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => lifePayOrders.id),
    attemptNo: integer('attempt_no').notNull(),
    outcome: text('outcome').notNull(),
    supplierOrderNo: text('supplier_order_no'),
    /** Why the supplier refused or failed, for the operator (never shown to the user as is). */
    reason: text('reason'),
    startTime: time('start_time').notNull(),
    finishTime: time('finish_time'),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.attemptNo] })],
)

export const userAccounts = pgTable(
  'user_accounts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** An order type (10 phone, 20 electricity, 30 gas), named as the API names it. */
    lifePayType: integer('life_pay_type').notNull(),
    content: text('content').notNull(),
    remark: text('remark').notNull(),
    ispCode: text('isp_code'),
    electricType: text('electric_type'),
    electricAccountType: text('electric_account_type'),
    gasOrgType: text('gas_org_type'),
    province: text('province'),
    city: text('city'),
    name: text('name'),
    creationTime: createdAt(),
    updatedTime: time('updated_time').notNull(),
  },
  (t) => [
    uniqueIndex('user_accounts_user_type_content_key').on(t.userId, t.lifePayType, t.content),
    index('user_accounts_user_time_idx').on(t.userId, t.creationTime.desc()),
  ],
)

/** Sandbox payment provider's own ledger: one row per prepay (WxPay) or trade (AliPay). */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    prepayId: text('prepay_id').primaryKey(),
    orderNo: text('order_no').notNull(),
    lifePayType: integer('life_pay_type').notNull(),
    amountFen: integer('amount_fen').notNull(),
    /** created → paid | cancelled | closed */
    status: text('status').notNull(),
    transactionId: text('transaction_id'),
    refundedFen: integer('refunded_fen').notNull().default(0),
    creationTime: createdAt(),
    updatedTime: time('updated_time').notNull(),
  },
  (t) => [index('sandbox_payments_order_idx').on(t.orderNo, t.creationTime)],
)

/** Sandbox refunds, keyed by the merchant refund number so a retried refund pays back once. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  refundNo: text('refund_no').primaryKey(),
  /** The refunded payment's out_trade_no. */
  orderNo: text('order_no').notNull(),
  /** Which of the sandbox's two stand-ins (WeChat Pay, Alipay) took the payment; null on rows from before. */
  lifePayType: integer('life_pay_type'),
  transactionId: text('transaction_id'),
  amountFen: integer('amount_fen').notNull(),
  creationTime: createdAt(),
})

/** Sandbox recharge supplier's ledger: submissions keyed by our order number (the supplier dedupes on it). */
export const sandboxRecharges = pgTable('sandbox_recharges', {
  orderNo: text('order_no').primaryKey(),
  supplierOrderNo: text('supplier_order_no').notNull(),
  account: text('account').notNull(),
  /** Transient failures still to simulate for this account before it is accepted. */
  submitCount: integer('submit_count').notNull().default(0),
  /** processing → succeeded | failed: what the supplier's order query answers (reconciliation asks it). */
  status: text('status').notNull().default('processing'),
  reason: text('reason'),
  finishTime: time('finish_time'),
  creationTime: createdAt(),
})

/**
 * Every delivery to a notify route (payment, refund, supplier callbacks), genuine or not, as received: what the
 * operator reads when a provider says it notified and the order says otherwise. Written by recordNotification.
 */
export const providerNotifications = pgTable(
  'provider_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    route: text('route').notNull(),
    receivedTime: time('received_time').notNull(),
    /** The signature headers and content type, never credentials. */
    headers: jsonb('headers').notNull(),
    body: text('body').notNull(),
    verified: boolean('verified').notNull(),
    /** recorded | duplicate | refused */
    outcome: text('outcome').notNull(),
    reason: text('reason'),
    orderNo: text('order_no'),
  },
  (t) => [
    index('provider_notifications_order_idx').on(t.orderNo, t.receivedTime),
    index('provider_notifications_time_idx').on(t.receivedTime),
  ],
)

/** Durable background work (docs/server.md): enqueued in the transaction of the change that causes it. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** pending → running → done | failed (failed after max attempts; `admin jobs retry` puts it back). */
    status: text('status').notNull(),
    runAt: time('run_at').notNull(),
    /** Higher first among due jobs (JobDefinition.priority): a paid order's recharge before background work. */
    priority: integer('priority').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lockedBy: text('locked_by'),
    lockedUntil: time('locked_until'),
    lastError: text('last_error'),
    /** At most one job ever per key, e.g. `recharge.submit:<orderNo>`. */
    dedupeKey: text('dedupe_key'),
    creationTime: createdAt(),
    updatedTime: time('updated_time').notNull(),
    finishedTime: time('finished_time'),
  },
  (t) => [
    uniqueIndex('jobs_dedupe_key').on(t.dedupeKey),
    index('jobs_pending_run_at_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'pending'`),
    index('jobs_running_locked_until_idx')
      .on(t.lockedUntil)
      .where(sql`${t.status} = 'running'`),
    index('jobs_failed_idx')
      .on(t.updatedTime)
      .where(sql`${t.status} = 'failed'`),
  ],
)

/**
 * What a user agreed to be told about (issue 20): the host's answer to a subscribe request (WeChat / Alipay one-time
 * grants: one grant pays for one message, `spentTime` marks it used) or an SMS opt-in, per order or per reminder.
 * Kept as the host answered it (accept / reject / ban / filter), so the order detail shows what the user chose.
 */
export const notificationSubscriptions = pgTable(
  'notification_subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    orderNo: text('order_no'),
    reminderId: uuid('reminder_id'),
    /** wechat | alipay | sms (domain/lifePayNotification.ts). */
    channel: text('channel').notNull(),
    event: text('event').notNull(),
    /** The host's template id the answer was for; null for SMS. */
    templateId: text('template_id'),
    decision: text('decision').notNull(),
    spentTime: time('spent_time'),
    creationTime: createdAt(),
  },
  (t) => [
    index('notification_subscriptions_order_idx').on(t.orderNo),
    index('notification_subscriptions_reminder_idx').on(t.reminderId, t.creationTime),
  ],
)

/**
 * Every notification the service decided to send (the outbox): written in the transaction of the change that causes
 * it, sent by the `notification.send` job. `dedupeKey` makes it one per event (e.g.
 * `rechargeSucceeded:<orderNo>:wechat`) however often the change or the job is retried; `params` are fixed when
 * written, so a retry says the same words.
 */
export const userNotifications = pgTable(
  'user_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    orderNo: text('order_no'),
    reminderId: uuid('reminder_id'),
    event: text('event').notNull(),
    channel: text('channel').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    /** pending → sending → sent | failed | unknown (a call that may have gone out is never repeated) | skipped. */
    status: text('status').notNull(),
    params: jsonb('params').notNull(),
    providerMessageId: text('provider_message_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    creationTime: createdAt(),
    sentTime: time('sent_time'),
  },
  (t) => [
    uniqueIndex('user_notifications_dedupe_key').on(t.dedupeKey),
    index('user_notifications_order_idx').on(t.orderNo),
    index('user_notifications_user_time_idx').on(t.userId, t.creationTime),
  ],
)

/**
 * A user's top-up reminder for one account (issue 20): on a day of the month, or when the supplier's balance lookup
 * falls below a threshold. Opt-in with the consent text the user saw recorded; cancelled with one tap (also from the
 * message, by `cancelToken`); never charges anything.
 */
export const topUpReminders = pgTable(
  'top_up_reminders',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The saved account it was set on, if any (no foreign key: deleting the account cancels its reminders). */
    userAccountId: uuid('user_account_id'),
    lifePayOrderType: integer('life_pay_order_type').notNull(),
    account: text('account').notNull(),
    /** monthlyDay | lowBalance */
    kind: text('kind').notNull(),
    dayOfMonth: integer('day_of_month'),
    thresholdFen: integer('threshold_fen'),
    channel: text('channel').notNull(),
    consentTime: time('consent_time').notNull(),
    consentText: text('consent_text').notNull(),
    /** active | cancelled */
    status: text('status').notNull(),
    nextRunTime: time('next_run_time'),
    lastSentTime: time('last_sent_time'),
    cancelTime: time('cancel_time'),
    cancelToken: text('cancel_token').notNull(),
    creationTime: createdAt(),
    updatedTime: time('updated_time').notNull(),
  },
  (t) => [
    uniqueIndex('top_up_reminders_cancel_token_key').on(t.cancelToken),
    index('top_up_reminders_user_idx').on(t.userId, t.creationTime),
    index('top_up_reminders_due_idx')
      .on(t.nextRunTime)
      .where(sql`${t.status} = 'active'`),
  ],
)

/** What the sandbox notification provider "sent": readable at GET /api/dev/notifications while it is active. */
export const sandboxNotifications = pgTable(
  'sandbox_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    channel: text('channel').notNull(),
    event: text('event').notNull(),
    orderNo: text('order_no'),
    /** The address the real channel would use: openid, Alipay user id or phone number. */
    recipient: text('recipient').notNull(),
    text: text('text').notNull(),
    params: jsonb('params').notNull(),
    creationTime: createdAt(),
  },
  (t) => [index('sandbox_notifications_user_time_idx').on(t.userId, t.creationTime)],
)

/**
 * People who run the service (docs/server.md § Operator side): each logs in with a password to the operator routes;
 * the role says what they may do (viewer < reviewer < admin, modules/operatorAccounts/roles.ts).
 */
export const operators = pgTable(
  'operators',
  {
    id: uuid('id').primaryKey(),
    loginName: text('login_name').notNull(),
    displayName: text('display_name').notNull(),
    /** argon2id (modules/account/passwords.ts). */
    passwordHash: text('password_hash').notNull(),
    /** viewer | reviewer | admin */
    role: text('role').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    creationTime: createdAt(),
    lastLoginTime: time('last_login_time'),
    /**
     * The TOTP key once enrolment is confirmed (null: no second factor), sealed with a key derived from JWT_SECRET
     * (modules/operatorAccounts/totpSecret.ts): a copy of the table alone yields no codes.
     */
    totpSecret: text('totp_secret'),
    /** The key being enrolled, sealed the same way, until the operator confirms it with a first code. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledTime: time('totp_enabled_time'),
    /** The 30-second step of the last code accepted: a code of that step or an earlier one is never taken again. */
    totpLastStep: integer('totp_last_step'),
  },
  (t) => [uniqueIndex('operators_login_name_key').on(t.loginName)],
)

/** An operator's one-time recovery codes (for a lost authenticator): only each code's sha256, used at most once. */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    codeHash: text('code_hash').notNull(),
    usedTime: time('used_time'),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.codeHash] })],
)

/**
 * Failed logins per login name from every address (modules/abuse/loginDelay.ts): past a few, each attempt waits a
 * delay that doubles, so guessing from many addresses is slowed without locking the owner out. A row is forgotten
 * a day after its last failure, and deleted at the login's success.
 */
export const loginDelays = pgTable(
  'login_delays',
  {
    /** `operator:<login name>`, or `operator:<login name>:device:<id>` for a browser the operator logged in with. */
    subject: text('subject').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailureTime: time('last_failure_time').notNull(),
  },
  (t) => [index('login_delays_last_failure_time_idx').on(t.lastFailureTime)],
)

/**
 * An operator's logins: the cookie holds a random id, only its sha256 is stored. Ends at `expiresAt` (absolute),
 * after the idle limit since `lastSeenTime`, or when revoked (logout, the operator disabled or given another role).
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    creationTime: createdAt(),
    lastSeenTime: time('last_seen_time').notNull(),
    expiresAt: time('expires_at').notNull(),
    revokedAt: time('revoked_at'),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
)

/**
 * Every operator action, append-only: a trigger of the migration (0010_operators.sql) refuses UPDATE, DELETE and
 * TRUNCATE, and no code path edits a row (modules/operatorAccounts/audit.ts only inserts and reads).
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: time('at').notNull(),
    /** The operator's id, `service:token` for X-Operator-Token automation, `anonymous` for a failed login. */
    actor: text('actor').notNull(),
    /** The actor's login name at the time (or `service:token`), so the trail reads without a join. */
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    /** order | channel | rate | job | operator */
    targetType: text('target_type').notNull(),
    /** The order number, channel id, rate type, job id or operator login name. */
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    remark: text('remark'),
    address: text('address'),
  },
  (t) => [
    index('operator_audit_target_idx').on(t.targetId, t.at),
    index('operator_audit_actor_idx').on(t.actor, t.at),
    index('operator_audit_at_idx').on(t.at),
  ],
)

/**
 * Each payment the provider was asked to prepare for an order (docs/money.md): one per pay type at a time. The first
 * at a pay type pays under the order number itself; a pay type tried again after its attempt was closed (the payer
 * switched away and back) gets `<orderNo>_<n>`, as providers never reopen a closed out_trade_no. Switching pay type
 * closes the other pay type's open attempt first, so at most one attempt can take money at any moment.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    lifePayType: integer('life_pay_type').notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => lifePayOrders.id),
    orderNo: text('order_no').notNull(),
    /** The provider that took it (WXPAY_PROVIDER / ALIPAY_PROVIDER): wechatpay, alipay or sandbox. */
    provider: text('provider').notNull(),
    amountFen: integer('amount_fen').notNull(),
    /** open | closed | paid */
    status: text('status').notNull(),
    transactionId: text('transaction_id'),
    creationTime: createdAt(),
    closedTime: time('closed_time'),
    paidTime: time('paid_time'),
  },
  (t) => [primaryKey({ columns: [t.lifePayType, t.outTradeNo] }), index('payment_attempts_order_idx').on(t.orderNo)],
)

/**
 * Money a provider took that no order keeps (docs/money.md): a second payment of a paid order, a payment of a closed
 * or unknown order, another amount than the order asks. Recorded before the provider is acknowledged, then refunded
 * automatically through the provider that took it: refunding → returned | notReturned (the operator returns it
 * another way: returnedManually). The order it names never changes state for it.
 */
export const orphanPayments = pgTable(
  'orphan_payments',
  {
    id: uuid('id').primaryKey(),
    lifePayType: integer('life_pay_type').notNull(),
    provider: text('provider').notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    /** The order the out_trade_no belongs to, when it is ours. */
    orderNo: text('order_no'),
    transactionId: text('transaction_id').notNull(),
    amountFen: integer('amount_fen').notNull(),
    paidAt: time('paid_at').notNull(),
    /** orderAlreadyPaid | orderClosed | orderUnknown | amountDiffers | orderRefunded */
    reason: text('reason').notNull(),
    /** Where we learned of it: notification | query | bill */
    source: text('source').notNull(),
    /** refunding | returned | notReturned | returnedManually */
    status: text('status').notNull(),
    refundNo: text('refund_no').notNull(),
    /** What the provider last said about the refund (an error, processing…), for the operator. */
    refundRemark: text('refund_remark'),
    refundTime: time('refund_time'),
    /** The operator's account of a return made another way. */
    operatorRemark: text('operator_remark'),
    creationTime: createdAt(),
    updatedTime: time('updated_time').notNull(),
  },
  (t) => [
    uniqueIndex('orphan_payments_transaction_key').on(t.lifePayType, t.transactionId),
    uniqueIndex('orphan_payments_refund_no_key').on(t.refundNo),
    index('orphan_payments_status_idx').on(t.status, t.creationTime),
    index('orphan_payments_paid_at_idx').on(t.paidAt),
  ],
)

/**
 * One reconciliation of an Asia/Shanghai day against one source (docs/money.md): a pay type's bills (wxpay, alipay)
 * or the supplier's records. Re-runnable: the latest run's figures kept. `status` running | done | waiting (the bill
 * is not cut yet) | failed (the provider could not be read).
 */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    date: text('date').notNull(),
    source: text('source').notNull(),
    /** Who answered: wechatpay, alipay, sandbox, or the supplier. */
    provider: text('provider').notNull(),
    status: text('status').notNull(),
    /** Counts and sums of each side (ReconciliationTotals): ours and theirs. */
    ours: jsonb('ours'),
    theirs: jsonb('theirs'),
    error: text('error'),
    startedTime: time('started_time').notNull(),
    finishedTime: time('finished_time'),
  },
  (t) => [primaryKey({ columns: [t.date, t.source] })],
)

/**
 * A difference one run found, and what was done about it. Kept across re-runs by its key (the same difference found
 * again is the same item, its resolution kept); an item a later run no longer finds is marked `gone`.
 */
export const reconciliationItems = pgTable(
  'reconciliation_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    date: text('date').notNull(),
    source: text('source').notNull(),
    /** kind plus the reference it is about: stable across re-runs. */
    itemKey: text('item_key').notNull(),
    kind: text('kind').notNull(),
    orderNo: text('order_no'),
    outTradeNo: text('out_trade_no'),
    transactionId: text('transaction_id'),
    refundNo: text('refund_no'),
    ourAmountFen: integer('our_amount_fen'),
    providerAmountFen: integer('provider_amount_fen'),
    /** What disagrees, in each operator language: { "zh-CN": …, "en-US": … }. */
    explanation: jsonb('explanation').notNull(),
    /** What the run did: paymentRecorded | orphanRecorded | refundChecked | operatorReview */
    action: text('action').notNull(),
    /** open | resolved | gone */
    status: text('status').notNull(),
    resolvedBy: text('resolved_by'),
    resolvedTime: time('resolved_time'),
    resolutionRemark: text('resolution_remark'),
    creationTime: createdAt(),
    updatedTime: time('updated_time').notNull(),
  },
  (t) => [
    uniqueIndex('reconciliation_items_key').on(t.date, t.source, t.itemKey),
    index('reconciliation_items_open_idx')
      .on(t.status, t.date)
      .where(sql`${t.status} = 'open'`),
  ],
)
