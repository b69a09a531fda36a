import { defineMessages } from '../i18n/messages'

/** The captcha button's words: SPEC §4/§8's English, capitalised as a button reads ('send failed' is its error). */
export const captchaButtonMessages = defineMessages(
  {
    idle: '获取验证码',
    sending: '发送中…',
    counting: '{n}秒后重新获取',
    sent: '验证码已发送',
    sendFailed: '发送失败',
  },
  {
    idle: 'Get verification code',
    sending: 'Sending…',
    counting: '{n} seconds to resend',
    sent: 'Verification code sent',
    sendFailed: 'send failed',
  },
)
