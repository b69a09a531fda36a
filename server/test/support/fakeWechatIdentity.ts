import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { WechatIdentitySettings } from '../../src/config'
import { encryptWxData, type WxPhoneData } from '../../src/providers/wxCrypto'
import { createFakeServer, listenLocally, type FakeServerOptions } from './fakeServer'

// A local WeChat open API for the mini-program identity, keeping WeChat's rules: jscode2session takes a login code
// once (40029 unknown, 40163 used); stable_token hands out one access token at a time with its remaining validity;
// getuserphonenumber needs that token valid and unexpired (40001 unknown or replaced, 42001 expired) and a phone code
// once (40029); the app id and secret must match (40013, 40125). A test can make WeChat busy (-1), rate-limit it
// (45011), replace the token as another server's force_refresh would, or take the service down.
// Subscribe messages (/cgi-bin/message/subscribe/send) keep WeChat's rules too: the same token check; the openid
// (40003) and the template (40037) must be known; every field of the template filled, each value within its type's
// limits (47003, WeChat's 订阅消息参数值内容限制, written out here on their own, not taken from the adapter); the page
// must be one of the app's (41030); and one grant of (openid, template) from wx.requestSubscribeMessage is spent per
// message (43101 without one). Sent messages are recorded; a test can make the next answer slow (WeChat took the
// message but the answer is late).

const APP_ID = 'wx0fake0lifepay01'
/** 32 lower-case hex characters, as WeChat issues them (production checks the format). */
const APP_SECRET = randomBytes(16).toString('hex')

export type FakeWechatIdentity = Awaited<ReturnType<typeof startFakeWechatIdentity>>

export interface FakeSubscribeMessage {
  touser: string
  templateId: string
  page: string | null
  data: Record<string, string>
  miniprogramState: string
  lang: string
}

/** WeChat's value rules per field type (订阅消息参数值内容限制), as the fake checks them. */
const VALUE_RULES: Record<string, (value: string) => boolean> = {
  thing: (value) => [...value].length <= 20,
  number: (value) => /^\d+(\.\d+)?$/.test(value) && value.length <= 32,
  letter: (value) => /^[A-Za-z]{1,32}$/.test(value),
  symbol: (value) => /^[^\p{L}\p{N}]{1,5}$/u.test(value),
  character_string: (value) => /^[A-Za-z0-9_-]{1,32}$/.test(value),
  time: (value) => /^((\d{4}年)?\d{1,2}月\d{1,2}日 )?\d{1,2}:\d{2}$/.test(value),
  date: (value) => /^\d{4}年\d{1,2}月\d{1,2}日( \d{1,2}:\d{2})?$/.test(value),
  amount: (value) => /^[¥$€]?\d{1,10}(\.\d{1,2})?元?$/.test(value) && value.replace(/\D/g, '').length <= 10,
  phone_number: (value) => /^[0-9+\-*]{1,17}$/.test(value),
  car_number: (value) => [...value].length <= 8,
  name: (value) => (/\p{Script=Han}/u.test(value) ? [...value].length <= 10 : value.length <= 20),
  phrase: (value) => /^\p{Script=Han}{1,5}$/u.test(value),
}

/** Pages of the app (src/app.config.ts): a message's page must be one of them. */
const APP_PAGES = /^(pages|subpackages)\/[\w/-]+(\?.*)?$/

interface LoginCode {
  openId: string
  sessionKey: string
  unionId: string
  used: boolean
}

export async function startFakeWechatIdentity(now: () => Date = () => new Date(), options: FakeServerOptions = {}) {
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
  /** Subscribe templates the app picked in its console: id → the fields (thing1, amount2…). */
  const subscribeTemplates = new Map<string, string[]>()
  /** One-time grants left per `${openid} ${templateId}`. */
  const grants = new Map<string, number>()
  const openIds = new Set<string>()
  const messages: FakeSubscribeMessage[] = []
  let slowAnswerMs = 0

  function currentToken(): string {
    const at = now().getTime()
    if (!token || at >= token.expiresAt) {
      if (token) expired.add(token.value)
      token = { value: `at_${++seq}_${randomBytes(12).toString('hex')}`, expiresAt: at + tokenLifetimeS * 1000 }
    }
    return token.value
  }

  /** The access token's check, shared by every call that carries one; null when it is the valid one. */
  function tokenProblem(query: URLSearchParams): Record<string, unknown> | null {
    const given = query.get('access_token') ?? ''
    if (token && given === token.value && now().getTime() >= token.expiresAt) {
      return { errcode: 42001, errmsg: 'access_token expired' }
    }
    if (expired.has(given)) return { errcode: 42001, errmsg: 'access_token expired' }
    if (!token || given !== token.value)
      return { errcode: 40001, errmsg: 'invalid credential, access_token is invalid' }
    return null
  }

  function subscribeSend(body: Record<string, unknown>): Record<string, unknown> {
    const invalid = (detail: string) => ({ errcode: 47003, errmsg: `argument invalid! ${detail}` })
    const touser = typeof body.touser === 'string' ? body.touser : ''
    if (!openIds.has(touser)) return { errcode: 40003, errmsg: 'invalid openid' }
    const templateId = typeof body.template_id === 'string' ? body.template_id : ''
    const fields = subscribeTemplates.get(templateId)
    if (!fields) return { errcode: 40037, errmsg: 'invalid template_id' }
    const page = body.page === undefined ? null : String(body.page)
    if (page !== null && !APP_PAGES.test(page)) return { errcode: 41030, errmsg: 'invalid page' }
    const state = body.miniprogram_state ?? 'formal'
    if (!['developer', 'trial', 'formal'].includes(String(state))) return invalid('miniprogram_state invalid')
    const lang = body.lang ?? 'zh_CN'
    if (!['zh_CN', 'en_US', 'zh_HK', 'zh_TW'].includes(String(lang))) return invalid('lang invalid')
    const data = (body.data ?? {}) as Record<string, { value?: unknown }>
    const values: Record<string, string> = {}
    for (const field of fields) {
      const value = data[field]?.value
      if (typeof value !== 'string' || value === '') return invalid(`data.${field}.value is empty`)
      const rule = VALUE_RULES[field.replace(/\d+$/, '')]
      if (!rule || !rule(value)) return invalid(`data.${field}.value invalid`)
      values[field] = value
    }
    const key = `${touser} ${templateId}`
    const left = grants.get(key) ?? 0
    if (left <= 0) return { errcode: 43101, errmsg: 'user refuse to accept the msg' }
    grants.set(key, left - 1)
    messages.push({ touser, templateId, page, data: values, miniprogramState: String(state), lang: String(lang) })
    return { errcode: 0, errmsg: 'ok', msgid: 3_000_000_000 + messages.length }
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
      case '/cgi-bin/message/subscribe/send':
        return tokenProblem(query) ?? subscribeSend(body)
      case '/wxa/business/getuserphonenumber': {
        const refused = tokenProblem(query)
        if (refused) return refused
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

  const server = createFakeServer(options, (request, response) => {
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
      // WeChat answers JSON as text/plain; a slow answer comes after the work is done.
      const delay = slowAnswerMs
      slowAnswerMs = 0
      // Unref'd: a held answer never keeps the test process alive.
      setTimeout(() => {
        if (response.destroyed) return
        response.writeHead(200, { 'content-type': 'text/plain' })
        response.end(JSON.stringify(result))
      }, delay).unref()
    })
  })
  const baseUrl = await listenLocally(server)

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
    messages,
    /** A subscribe template picked in the app's console, with its fields. */
    subscribeTemplate(templateId: string, fields: string[]): void {
      subscribeTemplates.set(templateId, fields)
    },
    /** The user accepted the template in wx.requestSubscribeMessage: one message may be sent (the openid is known). */
    grant(openId: string, templateId: string): void {
      openIds.add(openId)
      grants.set(`${openId} ${templateId}`, (grants.get(`${openId} ${templateId}`) ?? 0) + 1)
    },
    grantsLeft: (openId: string, templateId: string) => grants.get(`${openId} ${templateId}`) ?? 0,
    /** The next answer is sent this late, after the call has done its work. */
    slowNextAnswer(ms: number): void {
      slowAnswerMs = ms
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
