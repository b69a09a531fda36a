import { defineMessages } from '../i18n/messages'

/** The captcha button's words; SPEC §4/§8 English verbatim. */
export const captchaButtonMessages = defineMessages(
  {
    idle: '获取验证码',
    sending: '发送中…',
    counting: '{n}秒后重新获取',
    sent: '验证码已发送',
    sendFailed: '发送失败',
  },
  {
    idle: 'get verification code',
    sending: 'sending…',
    counting: '{n} seconds to resend',
    sent: 'Verification code sent',
    sendFailed: 'send failed',
  },
)
