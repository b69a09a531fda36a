import type { RuntimeHost } from '@domain/runtimeHost'

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
