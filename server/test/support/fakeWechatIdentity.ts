import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { WechatIdentitySettings } from '../../src/config'
import { encryptWxData, type WxPhoneData } from '../../src/providers/wxCrypto'

// A local WeChat open API for the mini-program identity, keeping WeChat's rules: jscode2session takes a login code
// once (40029 unknown, 40163 used); stable_token hands out one access token at a time with its remaining validity;
// getuserphonenumber needs that token valid and unexpired (40001 unknown or replaced, 42001 expired) and a phone code
// once (40029); the app id and secret must match (40013, 40125). A test can make WeChat busy (-1), rate-limit it
// (45011), replace the token as another server's force_refresh would, or take the service down.

const APP_ID = 'wx0fake0lifepay01'
const APP_SECRET = 'fake-app-secret-0123456789abcdef'

export type FakeWechatIdentity = Awaited<ReturnType<typeof startFakeWechatIdentity>>

interface LoginCode {
  openId: string
  sessionKey: string
  unionId: string
  used: boolean
}

export async function startFakeWechatIdentity(now: () => Date = () => new Date()) {
  const loginCodes = new Map<string, LoginCode>()
  const phoneCodes = new Map<string, { phoneNumber: string; used: boolean }>()
  /** The one valid token and when it expires; older ones answer 40001. */
  let token: { value: string; expiresAt: number } | null = null
  const expired = new Set<string>()
  let tokenLifetimeS = 7200
  /** The errcode the next answers carry instead of their own (busy, rate limit), as many times as asked. */
  const failures: number[] = []
  let down = false
  /** Every call: its path and the errcode answered (0 for success). */
  const calls: { path: string; errcode: number }[] = []
  let seq = 0

  function currentToken(): string {
    const at = now().getTime()
    if (!token || at >= token.expiresAt) {
      if (token) expired.add(token.value)
      token = { value: `at_${++seq}_${randomBytes(12).toString('hex')}`, expiresAt: at + tokenLifetimeS * 1000 }
    }
    return token.value
  }

  function answer(path: string, query: URLSearchParams, body: Record<string, unknown>): Record<string, unknown> {
    const failure = failures.shift()
    if (failure !== undefined)
      return { errcode: failure, errmsg: failure === -1 ? 'system error' : 'api freq out of limit' }
    switch (path) {
      case '/sns/jscode2session': {
        if (query.get('appid') !== APP_ID) return { errcode: 40013, errmsg: 'invalid appid' }
        if (query.get('secret') !== APP_SECRET) return { errcode: 40125, errmsg: 'invalid appsecret' }
        if (query.get('grant_type') !== 'authorization_code') return { errcode: 40002, errmsg: 'invalid grant_type' }
        const login = loginCodes.get(query.get('js_code') ?? '')
        if (!login) return { errcode: 40029, errmsg: 'invalid code' }
        if (login.used) return { errcode: 40163, errmsg: 'code been used' }
        login.used = true
        return { openid: login.openId, session_key: login.sessionKey, unionid: login.unionId }
      }
      case '/cgi-bin/stable_token': {
        if (body.grant_type !== 'client_credential') return { errcode: 40002, errmsg: 'invalid grant_type' }
        if (body.appid !== APP_ID) return { errcode: 40013, errmsg: 'invalid appid' }
        if (body.secret !== APP_SECRET) return { errcode: 40125, errmsg: 'invalid appsecret' }
        const value = currentToken()
        const remaining = Math.floor(((token as { expiresAt: number }).expiresAt - now().getTime()) / 1000)
        return { access_token: value, expires_in: remaining }
      }
      case '/wxa/business/getuserphonenumber': {
        const given = query.get('access_token') ?? ''
        if (token && given === token.value && now().getTime() >= token.expiresAt) {
          return { errcode: 42001, errmsg: 'access_token expired' }
        }
        if (expired.has(given)) return { errcode: 42001, errmsg: 'access_token expired' }
        if (!token || given !== token.value)
          return { errcode: 40001, errmsg: 'invalid credential, access_token is invalid' }
        const phone = phoneCodes.get(String(body.code ?? ''))
        if (!phone || phone.used) return { errcode: 40029, errmsg: 'invalid code' }
        phone.used = true
        return {
          errcode: 0,
          errmsg: 'ok',
          phone_info: {
            phoneNumber: phone.phoneNumber,
            purePhoneNumber: phone.phoneNumber,
            countryCode: '86',
            watermark: { appid: APP_ID, timestamp: Math.floor(now().getTime() / 1000) },
          },
        }
      }
      default:
        return { errcode: 404, errmsg: 'no such api' }
    }
  }

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    })

  const server = createServer((request, response) => {
    void readBody(request).then((text) => {
      const url = new URL(request.url ?? '/', 'http://fake')
      if (down) {
        calls.push({ path: url.pathname, errcode: 502 })
        response.writeHead(502, { 'content-type': 'text/html' })
        response.end('<html>Bad Gateway</html>')
        return
      }
      let body: Record<string, unknown> = {}
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {}
      } catch {
        body = {}
      }
      const result = answer(url.pathname, url.searchParams, body)
      calls.push({ path: url.pathname, errcode: Number(result.errcode ?? 0) })
      // WeChat answers JSON as text/plain.
      response.writeHead(200, { 'content-type': 'text/plain' })
      response.end(JSON.stringify(result))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    baseUrl,
    appId: APP_ID,
    calls,
    settings(): WechatIdentitySettings {
      return { appId: APP_ID, appSecret: APP_SECRET, baseUrl }
    },
    /** What wx.login gives the user with this openId: a one-use code (and the session key WeChat then holds). */
    loginCode(openId: string): string {
      const code = `wxcode_${++seq}`
      loginCodes.set(code, {
        openId,
        sessionKey: randomBytes(16).toString('base64'),
        unionId: `u_${openId}`,
        used: false,
      })
      return code
    },
    /** What the phone button gives: a one-use code (encryptedPhone: what old base libraries give instead). */
    phoneCode(phoneNumber: string): string {
      const code = `phonecode_${++seq}`
      phoneCodes.set(code, { phoneNumber, used: false })
      return code
    },
    encryptedPhone(loginCode: string, phoneNumber: string): { encryptedData: string; iv: string } {
      const login = loginCodes.get(loginCode)
      if (!login) throw new Error(`fake WeChat: no login code ${loginCode}`)
      const iv = randomBytes(16).toString('base64')
      const data: WxPhoneData = {
        phoneNumber,
        purePhoneNumber: phoneNumber,
        countryCode: '86',
        watermark: { appid: APP_ID, timestamp: Math.floor(now().getTime() / 1000) },
      }
      return { encryptedData: encryptWxData(login.sessionKey, iv, data), iv }
    },
    /** Another server forced a refresh: the token in use is replaced (40001 for it from now on). */
    replaceToken(): void {
      token = null
    },
    setTokenLifetime(seconds: number): void {
      tokenLifetimeS = seconds
    },
    /** The next `times` answers carry this errcode (-1 busy, 45011 rate limit). */
    fail(errcode: number, times = 1): void {
      for (let i = 0; i < times; i++) failures.push(errcode)
    },
    setDown(value: boolean): void {
      down = value
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
