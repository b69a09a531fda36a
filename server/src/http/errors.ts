import type { ApiErrorCode } from '@contract/errorCodes'
import { ShowType } from '@domain/showType'
import { operatorRoleLabels, type OperatorRole } from '@domain/operatorRole'
import { SAME_AMOUNT_WINDOW_MINUTES, type DuplicateReason } from '@domain/duplicateOrder'
import type { DuplicateOrderRefusal } from '@contract/lifePay'
import { ApiError, type LocalizedText } from './apiError'

// Every business error the API answers, by a stable code of the contract (types/api/errorCodes.ts, docs/api.md §
// Errors).

const e = (code: ApiErrorCode, zh: string, en: string, httpStatus = 200, showType = ShowType.Error) =>
  new ApiError(code, { 'zh-CN': zh, 'en-US': en }, { httpStatus, showType })

const duplicateOrderText: Record<DuplicateReason, LocalizedText> = {
  unpaid: {
    'zh-CN': '你有一笔相同账户的订单待支付',
    'en-US': 'You have an unpaid order for this account',
  },
  paying: {
    'zh-CN': '你有一笔相同账户的订单正在支付中',
    'en-US': 'You have an order for this account being paid',
  },
  recharging: {
    'zh-CN': '你有一笔相同账户的订单正在充值中',
    'en-US': 'You have an order for this account being topped up',
  },
  recentlyPaid: {
    'zh-CN': `你在${SAME_AMOUNT_WINDOW_MINUTES}分钟内已为该账户充值过相同金额`,
    'en-US': `You paid the same amount for this account less than ${SAME_AMOUNT_WINDOW_MINUTES} minutes ago`,
  },
}

export const errors = {
  badRequest: (detail: string) => e('BAD_REQUEST', `请求错误：${detail}`, `Bad request: ${detail}`, 400),
  unauthorized: () => e('UNAUTHORIZED', '未授权，请登录', 'Unauthorized, please log in', 401),
  operatorUnauthorized: () =>
    e(
      'OPERATOR_UNAUTHORIZED',
      '请先登录运营后台',
      'Operator login needed: log in, or send the automation token (X-Operator-Token)',
      401,
    ),
  operatorForbidden: (role: OperatorRole) =>
    e(
      'OPERATOR_FORBIDDEN',
      `需要${operatorRoleLabels['zh-CN'][role]}权限`,
      `This needs the ${operatorRoleLabels['en-US'][role].toLowerCase()} role`,
      403,
    ),
  csrfTokenInvalid: () =>
    e(
      'CSRF_TOKEN_INVALID',
      '请求校验失败，请刷新页面后重试',
      'Missing or wrong X-CSRF-Token: send the csrfToken of your login (GET /api/operator/me)',
      403,
    ),
  operatorNotFound: () => e('OPERATOR_NOT_FOUND', '运营账号不存在', 'No such operator', 404),
  operatorExists: () => e('OPERATOR_EXISTS', '运营账号已存在', 'An operator with this login name exists already'),
  lastAdmin: () =>
    e(
      'LAST_ADMIN',
      '不能停用或降级最后一个启用的管理员',
      'This is the last enabled admin: make another operator admin first, then disable or demote this one',
    ),
  loginDelayed: (retryAfterS: number) => {
    const zh = retryAfterS < 60 ? `${retryAfterS}秒` : `${Math.ceil(retryAfterS / 60)}分钟`
    const en = retryAfterS < 60 ? `${retryAfterS} seconds` : `${Math.ceil(retryAfterS / 60)} minutes`
    return new ApiError(
      'LOGIN_DELAYED',
      {
        'zh-CN': `该账号登录失败次数过多，请${zh}后再试`,
        'en-US': `Too many failed logins for this name: try again in ${en}`,
      },
      { httpStatus: 429, retryAfterS },
    )
  },
  totpRequired: () =>
    e(
      'TOTP_REQUIRED',
      '请输入身份验证器中的6位验证码',
      'Enter the 6-digit code of your authenticator app (or a recovery code)',
      200,
      ShowType.Warn,
    ),
  totpCodeWrong: () =>
    e(
      'TOTP_CODE_WRONG',
      '验证码错误或已使用，请输入身份验证器中当前的验证码',
      'Wrong or already used code: enter the code your authenticator app shows now',
    ),
  totpEnrolmentRequired: () =>
    e(
      'TOTP_ENROLMENT_REQUIRED',
      '管理员须先开启两步验证（身份验证器），才能继续操作',
      'Admins must set up two-step verification (an authenticator app) before anything else',
      403,
    ),
  totpAlreadyEnabled: () =>
    e(
      'TOTP_ALREADY_ENABLED',
      '两步验证已开启；如需更换身份验证器，请联系其他管理员重置',
      'Two-step verification is on already: to change authenticator, ask another admin to reset it',
    ),
  totpNotEnrolling: () =>
    e('TOTP_NOT_ENROLLING', '请先开始设置两步验证', 'Start setting up two-step verification first'),
  totpResetSelf: () =>
    e(
      'TOTP_RESET_SELF',
      '不能重置自己的两步验证，请联系其他管理员',
      "You cannot reset your own two-step verification: another admin (or the server's CLI) can",
    ),
  notFound: () => e('NOT_FOUND', '请求地址出错', 'No such address', 404),
  internal: () => e('INTERNAL_ERROR', '服务器内部错误', 'Internal server error', 500),
  notReady: () => e('NOT_READY', '服务不可用', 'Service unavailable: the database does not answer', 503),

  smsTooFrequent: (seconds: number) =>
    e(
      'SMS_TOO_FREQUENT',
      `发送过于频繁，请${seconds}秒后再试`,
      `Please wait ${seconds} seconds before asking for another code`,
    ),
  smsDailyLimit: () =>
    e(
      'SMS_DAILY_LIMIT',
      '该手机号今日获取验证码次数已达上限',
      'This number has reached its daily limit of verification codes',
    ),
  smsCodeWrong: (triesLeft: number) =>
    e('SMS_CODE_WRONG', `验证码错误，还可尝试${triesLeft}次`, `Wrong verification code, ${triesLeft} tries left`),
  smsCodeMissing: () =>
    e('SMS_CODE_WRONG', '验证码错误，请先获取验证码', 'Wrong verification code: please ask for a code first'),
  smsCodeExpired: () =>
    e('SMS_CODE_EXPIRED', '验证码已过期，请重新获取', 'The verification code has expired, please ask for a new one'),
  smsCodeLocked: () =>
    e('SMS_CODE_LOCKED', '验证码错误次数过多，请重新获取', 'Too many wrong codes: please ask for a new code'),
  // The SMS provider refused the message (Alibaba Cloud `isv.*`): the user reads why; the code is not stored.
  smsSendLimited: () =>
    e(
      'SMS_SEND_REFUSED',
      '该手机号获取验证码过于频繁，请稍后再试',
      'Too many codes have been sent to this number: please try again later',
    ),
  smsNumberUnreachable: () =>
    e(
      'SMS_SEND_REFUSED',
      '该手机号无法接收短信，请检查号码',
      'This number cannot receive text messages: please check it',
    ),
  smsSendRefused: () =>
    e(
      'SMS_SEND_REFUSED',
      '验证码短信发送失败，请稍后再试',
      'The verification code could not be sent: please try later',
    ),
  /** A real provider (SMS, storage) did not answer or answered an error of ours; details are in the log. */
  providerUnavailable: () =>
    e(
      'PROVIDER_UNAVAILABLE',
      '服务暂时不可用，请稍后再试',
      'The service is unavailable for now: please try later',
      503,
    ),

  loginFailed: () => e('LOGIN_FAILED', '账号或密码错误', 'Wrong login name or password'),
  tooManyRequests: (retryAfterS: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterS / 60))
    return new ApiError(
      'TOO_MANY_REQUESTS',
      {
        'zh-CN': `操作过于频繁，请${minutes}分钟后再试`,
        'en-US': `Too many attempts from this network: please try again in ${minutes} minutes`,
      },
      { httpStatus: 429, retryAfterS },
    )
  },
  passwordLoginPaused: () =>
    e(
      'PASSWORD_LOGIN_PAUSED',
      '该账号密码错误次数过多，已暂停密码登录，请使用验证码登录',
      'Too many wrong passwords for this account: password login is paused, please log in with a code',
    ),
  loginLocked: (minutes: number) =>
    e(
      'LOGIN_LOCKED',
      `密码错误次数过多，请${minutes}分钟后再试`,
      `Too many wrong passwords: try again in ${minutes} minutes`,
    ),
  phoneAlreadyRegistered: () =>
    e(
      'PHONE_ALREADY_REGISTERED',
      '该手机号已注册，请直接登录',
      'This phone number is already registered, please log in',
    ),
  refreshTokenInvalid: () =>
    e('REFRESH_TOKEN_INVALID', '登录已失效，请重新登录', 'Your session has ended, please log in again', 401),
  refreshTokenReused: () =>
    e('REFRESH_TOKEN_REUSED', '登录已失效，请重新登录', 'Your session has ended, please log in again', 401),
  wxSessionInvalid: () =>
    e('WX_SESSION_INVALID', '微信会话已失效，请重新授权', 'The WeChat session has expired, please authorize again'),
  wxCodeInvalid: () =>
    e(
      'WX_CODE_INVALID',
      '登录凭证无效或已使用，请重新登录',
      'The login code is invalid or already used, please log in again',
    ),
  identityBusy: () =>
    e(
      'IDENTITY_PROVIDER_BUSY',
      '登录服务繁忙，请稍后重试',
      'The login service is busy, please try again shortly',
      200,
      ShowType.Warn,
    ),
  wxPhoneDataInvalid: () =>
    e(
      'WX_PHONE_DATA_INVALID',
      '手机号授权数据无效，请重新授权',
      'The phone authorization data is invalid, please authorize again',
    ),

  orderNotFound: () => e('ORDER_NOT_FOUND', '订单不存在', 'Order not found'),
  orderClosed: () => e('ORDER_CLOSED', '订单已关闭，请重新下单', 'The order has been closed, please place a new order'),
  orderAlreadyPaid: () => e('ORDER_ALREADY_PAID', '订单已支付', 'The order has already been paid', 200, ShowType.Warn),
  parValueNotOffered: () => e('PAR_VALUE_NOT_OFFERED', '不支持该充值面额', 'This face value is not offered'),
  regionUnknown: () => e('REGION_UNKNOWN', '请选择正确的省份和城市', 'Choose a province and one of its cities'),
  areaNotSupported: () =>
    e('AREA_NOT_SUPPORTED', '该地区暂不支持电费充值', 'Electricity top-up is not available in this area'),
  electricTypeMismatch: (gridZh: string, gridEn: string) =>
    e('ELECTRIC_TYPE_MISMATCH', `该地区由${gridZh}供电`, `This area is served by ${gridEn}`),
  idempotencyKeyReused: () =>
    e(
      'IDEMPOTENCY_KEY_REUSED',
      '该请求编号已用于另一笔订单',
      'This idempotency key was already used for a different order',
    ),
  refundNotAllowed: () =>
    e('REFUND_NOT_ALLOWED', '该订单当前不能申请退款', 'A refund cannot be requested for this order now'),
  refundTooEarly: (minutes: number) =>
    e(
      'REFUND_TOO_EARLY',
      `正在为您充值，支付${minutes}分钟后仍未到账可申请退款`,
      `Your top-up is on its way: if it has not arrived ${minutes} minutes after payment, you can ask for a refund`,
    ),
  // Issue 20, duplicate guard: a warning the user answers (the app's dialog), not an error.
  duplicateOrder: (reason: DuplicateReason, data: DuplicateOrderRefusal) =>
    new ApiError('DUPLICATE_ORDER', duplicateOrderText[reason], { showType: ShowType.Warn, data }),
  openOrderLimit: (limit: number) =>
    e(
      'OPEN_ORDER_LIMIT',
      `该账户已有${limit}笔进行中的订单，请先支付或等待到账后再下单`,
      `This account already has ${limit} orders in progress: pay them or wait for them to arrive before placing another`,
    ),
  accountNotFound: () => e('ACCOUNT_NOT_FOUND', '账户不存在', 'Account not found'),
  accountDuplicate: () => e('ACCOUNT_DUPLICATE', '该账户已添加，请勿重复添加', 'This account is already saved'),

  paymentNotificationInvalid: () =>
    e('PAYMENT_NOTIFICATION_INVALID', '支付通知验签失败', 'Payment notification signature or content is invalid', 400),
  payTypeUnavailable: () =>
    e('PAY_TYPE_UNAVAILABLE', '暂不支持该支付方式', 'This pay type is not offered: pay with the other one'),
  sandboxPaymentNotStarted: () =>
    e(
      'SANDBOX_PAYMENT_NOT_STARTED',
      '该订单没有待确认的沙箱支付',
      'No sandbox payment is waiting for this order: call GetPayOrderForJsAPI first',
    ),

  refundNotPendingReview: () =>
    e('REFUND_NOT_PENDING_REVIEW', '该订单不在退款审核中', 'This order has no refund waiting for review'),
  rechargeResultPending: () =>
    e(
      'RECHARGE_RESULT_PENDING',
      '供应商仍在处理该笔充值，请等待充值结果后再审核',
      'The supplier still has this recharge in hand: wait for its result before deciding',
    ),
  rechargeDelivered: () =>
    e(
      'RECHARGE_DELIVERED',
      '供应商已报告充值到账：确认仍要退款请注明已核实（acknowledgeDelivered）',
      'The supplier reported this top-up delivered: approve only with acknowledgeDelivered after checking',
    ),
  jobNotFound: () => e('JOB_NOT_FOUND', '任务不存在', 'Job not found'),
  channelNotFound: () => e('CHANNEL_NOT_FOUND', '渠道不存在', 'No such channel'),
  userNotFound: () => e('USER_NOT_FOUND', '用户不存在', 'No such user'),
  priceChanged: (payAmount: string) =>
    e(
      'PRICE_CHANGED',
      `价格已更新为 ${payAmount}，请确认后再提交`,
      `The price is now ${payAmount}: check it and submit again`,
    ),
  jobNotFailed: () => e('JOB_NOT_FAILED', '只能重试失败的任务', 'Only failed jobs can be retried'),

  ossCredentialsInvalid: () =>
    e('OSS_CREDENTIALS_INVALID', '上传凭证无效或已过期', 'Upload credentials are invalid or expired', 403),
  ossObjectNotFound: () => e('NOT_FOUND', '文件不存在', 'No such file', 404),
  voucherNotImage: () =>
    e(
      'VOUCHER_NOT_IMAGE',
      '该退款凭证不是图片，无法显示',
      'This refund voucher is not an image and cannot be shown',
      415,
    ),

  reminderNotFound: () =>
    e('REMINDER_NOT_FOUND', '提醒不存在或已取消', 'This reminder does not exist or was cancelled'),
  reminderLimit: (max: number) =>
    e('REMINDER_LIMIT', `最多可设置${max}个充值提醒`, `You can have at most ${max} top-up reminders`),
  reminderExists: () => e('REMINDER_EXISTS', '该账户已有同类提醒', 'This account already has a reminder of this kind'),
  reminderConsentRequired: () =>
    e(
      'REMINDER_CONSENT_REQUIRED',
      '请先阅读并勾选同意接收充值提醒',
      'Please read and tick the consent to receive top-up reminders',
    ),
  // Issue 20: the account lookup before paying.
  lifePayAccountNotFound: (gridOrCompanyZh: string, gridOrCompanyEn: string) =>
    new ApiError(
      'LIFE_PAY_ACCOUNT_NOT_FOUND',
      {
        'zh-CN': `${gridOrCompanyZh}查无此户号，请核对户号和地区`,
        'en-US': `${gridOrCompanyEn} has no account with this number: check the number and the area`,
      },
      { field: 'account' },
    ),
}
