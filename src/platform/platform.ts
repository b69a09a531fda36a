/** SPEC §1: Alipay vs WeChat (MicroMessenger) user agents, mobile vs PC. */
export interface UserAgentPlatform {
  isAlipay: boolean
  isWeChat: boolean
  isMobile: boolean
  isPC: boolean
}

export function detectUserAgent(userAgent: string): UserAgentPlatform {
  const isAlipay = /AlipayClient/i.test(userAgent)
  const isWeChat = /MicroMessenger/i.test(userAgent)
  const isMobile = /Android|iPhone|iPad|iPod|Mobile|HarmonyOS|OpenHarmony/i.test(userAgent)
  return { isAlipay, isWeChat, isMobile, isPC: !isMobile }
}

/** Where the app is running: a mini-program host, or H5 inside WeChat, inside Alipay, or in another browser. */
export type RuntimeHost = 'weapp' | 'alipay' | 'h5-wechat' | 'h5-alipay' | 'h5'

export function runtimeHost(taroEnv: string | undefined, userAgent: string): RuntimeHost {
  if (taroEnv === 'weapp') return 'weapp'
  if (taroEnv === 'alipay') return 'alipay'
  const ua = detectUserAgent(userAgent)
  if (ua.isWeChat) return 'h5-wechat'
  if (ua.isAlipay) return 'h5-alipay'
  return 'h5'
}

export function currentUserAgent(): string {
  return typeof navigator !== 'undefined' && navigator.userAgent ? navigator.userAgent : ''
}

export function currentRuntimeHost(): RuntimeHost {
  return runtimeHost(process.env.TARO_ENV, currentUserAgent())
}
