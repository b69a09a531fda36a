import {
  createCipheriv,
  createHash,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
  X509Certificate,
  type KeyObject,
} from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AlipayIdentitySettings, AlipaySettings } from '../../src/config'
import type { AlipayKeys } from '../../src/providers/alipay'
import { fenOfYuanText as fenOf, yuanText as yuan } from '../../src/providers/yuanText'
import { alipayTime, signContent } from '../../src/providers/alipayGateway'
import { alipayCertSn, alipayRootCertSn } from '../../src/providers/alipayCertificates'
import { escapeHtml, html } from './fakePages'
import { issueCertificate, type DistinguishedName } from './testCertificates'
import { alipayBillZip, chinaDate } from './fakeBills'
import { createFakeServer, listenLocally, type FakeServerOptions } from './fakeServer'

// A local Alipay OpenAPI gateway that keeps Alipay's own rules, so the adapter is tested against signatures it cannot
// fake: every request must carry the common parameters and an RSA2 `sign` by the app private key over the sorted
// `k=v&…` of all other non-empty parameters (else 40002 isv.invalid-signature); every answer is
// `{"<method>_response": {...}, "sign": …}` signed by Alipay's key over the exact text of the response value;
// notifications are form-encoded and signed over all fields but sign and sign_type. Keys are made here. For the
// mini-program identity: one-use auth codes for `alipay.system.oauth.token` (errors under `error_response`, as Alipay
// answers that method), and my.getPhoneNumber's answers, AES-128-CBC under the app's AES key (zero IV) and signed
// by Alipay's key over the response as a JSON string. The request
// check reuses the adapter's `signContent`; alipay.test.ts pins that rule on a literal so both cannot drift together.
// In certificate mode the fake is its own CA: it issues the app and Alipay certificates from a root bundle (two RSA
// roots and an EC one Alipay leaves out of the root serial), requires `app_cert_sn` and `alipay_root_cert_sn` on every
// request, and names its certificate in `alipay_cert_sn` on every answer. The serials it expects are computed from the
// names and serial numbers it issued with, not by parsing the certificates as the adapter does.
// Subscribe messages (`alipay.open.app.mini.templatemessage.send`) keep the rules Alipay documents for that method: a
// recipient (to_user_id or to_open_id), a template the app picked (40004 USER_TEMPLATE_ILLEGAL), `data` a JSON string
// with every keyword of the template (USER_TEMPLATE_LACK_KEYWORD), each value at most 50 characters
// (USER_KEYWORD_LENGTH_ERROR); and one subscription per message from my.requestSubscribeMessage. Alipay's public
// documents name no sub_code for a missing subscription: the fake answers 40004 with NO_SUBSCRIPTION, a stand-in the
// adapter does not depend on (every 40004 is a refusal there).

const APP_ID = '2021000000000001'
/** The merchant's Alipay account (PID), seller_id in what Alipay sends back. */
const SELLER_ID = '2088000000000002'

/** time_expire as Alipay takes it, China time, `yyyy-MM-dd HH:mm:ss` (older documents: without seconds). */
function alipayTimeOf(value: unknown): Date | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value)) return null
  const date = new Date(`${value.replace(' ', 'T')}${value.length === 16 ? ':00' : ''}+08:00`)
  return Number.isNaN(date.getTime()) ? null : date
}

export interface FakeTrade {
  outTradeNo: string
  tradeNo: string
  totalFen: number
  subject: string
  /** The buyer named at trade.create (JSAPI_PAY); a mobile-web trade's buyer is whoever pays, '' until then. */
  buyer: string
  notifyUrl: string
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED'
  paidAt: Date | null
  /** What the bill says was paid, when a test makes it differ from the trade. */
  billTotalFen?: number
  productCode: 'JSAPI_PAY' | 'QUICK_WAP_WAY'
  /** Mobile web: where the payer goes back, paid (return_url) or giving up (quit_url), and time_expire. */
  returnUrl: string | null
  quitUrl: string | null
  expiresAt: Date | null
}

/** What the mobile-web cashier did with a payment's notification: posted (with our answer) or held. */
export interface FakeAlipayDelivery {
  orderNo: string
  answer: string | 'held'
}

export interface FakeAlipayRefund {
  outTradeNo: string
  outRequestNo: string
  refundFen: number
  at: Date
}

export interface NotificationOptions {
  /** Fields to change or add (another app_id, amount, status…); an empty string drops the field. */
  fields?: Record<string, string>
  key?: KeyObject
}

export type FakeAlipay = Awaited<ReturnType<typeof startFakeAlipay>>

export interface FakeAlipayOptions extends FakeServerOptions {
  /** 公钥证书 mode: certificates instead of bare public keys. */
  certificates?: boolean
  /** Where a post to notify_url lands (the network between Alipay and the merchant); unset: notify_url itself. */
  notifyVia?: (notifyUrl: string) => string
}

const ROOT_RSA: DistinguishedName = [
  ['C', 'CN'],
  ['O', 'Ant Financial'],
  ['OU', 'Certification Authority'],
  ['CN', 'Ant Financial Certification Authority R1'],
]
const ROOT_RSA_2: DistinguishedName = [
  ['C', 'CN'],
  ['O', 'Ant Financial'],
  ['OU', 'Certification Authority'],
  ['CN', 'Ant Financial Certification Authority R2'],
]
const ROOT_EC: DistinguishedName = [
  ['C', 'CN'],
  ['O', 'Ant Financial'],
  ['OU', 'Certification Authority'],
  ['CN', 'Ant Financial Certification Authority E1'],
]

/** Alipay's serial rule, from the issuing name and number: MD5("CN=…,OU=…,O=…,C=…" + decimal serial). */
function expectedSn(issuer: DistinguishedName, serialHex: string): string {
  const name = [...issuer]
    .reverse()
    .map(([type, value]) => `${type}=${value}`)
    .join(',')
  return createHash('md5')
    .update(name + BigInt(`0x${serialHex}`).toString(10))
    .digest('hex')
}

const serialHex = () => `1${randomBytes(15).toString('hex')}`

/** The CA side of certificate mode: the root bundle and the certificates it issues, with their expected serials. */
function certificateAuthority() {
  const rsaRoot = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const rsaRoot2 = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const ecRoot = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  const roots: [DistinguishedName, { publicKey: KeyObject; privateKey: KeyObject }][] = [
    [ROOT_RSA, rsaRoot],
    [ROOT_EC, ecRoot],
    [ROOT_RSA_2, rsaRoot2],
  ]
  const bundle: string[] = []
  const rsaSerials: string[] = []
  for (const [name, key] of roots) {
    const serial = serialHex()
    bundle.push(
      issueCertificate({
        serialHex: serial,
        issuer: name,
        subject: name,
        publicKey: key.publicKey,
        issuerKey: key.privateKey,
      }),
    )
    if (key.privateKey.asymmetricKeyType === 'rsa') rsaSerials.push(expectedSn(name, serial))
  }
  return {
    rootCertPem: bundle.join(''),
    rootCertSn: rsaSerials.join('_'),
    /** A certificate for `publicKey` issued by the first RSA root, and its serial. */
    issue(subject: DistinguishedName, publicKey: KeyObject) {
      const serial = serialHex()
      const pem = issueCertificate({
        serialHex: serial,
        issuer: ROOT_RSA,
        subject,
        publicKey,
        issuerKey: rsaRoot.privateKey,
      })
      return { pem, sn: expectedSn(ROOT_RSA, serial) }
    },
  }
}

export async function startFakeAlipay(now: () => Date = () => new Date(), options: FakeAlipayOptions = {}) {
  const app = generateKeyPairSync('rsa', { modulusLength: 2048 })
  let alipay = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const ca = options.certificates ? certificateAuthority() : null
  const alipaySubject: DistinguishedName = [
    ['C', 'CN'],
    ['O', '支付宝(杭州)信息技术有限公司'],
    ['OU', '支付宝开放平台'],
    ['CN', '2088000000000001'],
  ]
  const appCert = ca?.issue(
    [
      ['C', 'CN'],
      ['O', 'Life Pay'],
      ['OU', 'Alipay Open Platform'],
      ['CN', APP_ID],
    ],
    app.publicKey,
  )
  let alipayCert = ca?.issue(alipaySubject, alipay.publicKey)
  const trades = new Map<string, FakeTrade>()
  const refunds = new Map<string, FakeAlipayRefund>()
  /** Every request as received: its parameters and the code answered. */
  const requests: { params: Record<string, string>; code: string; subCode?: string }[] = []
  let seq = 0
  const aesKey = randomBytes(16)
  const authCodes = new Map<string, { openId: string; used: boolean }>()
  /** Subscribe templates the app picked: id → number of keywords. */
  const subscribeTemplates = new Map<string, number>()
  /** One-time subscriptions left per `${recipient} ${templateId}`. */
  const subscriptions = new Map<string, number>()
  const subscribeMessages: { to: string; templateId: string; page: string; data: Record<string, string> }[] = []
  /** Answers to give instead of the next ones (Alipay unavailable). */
  const unavailable: Record<string, unknown>[] = []

  const sign = (text: string, key: KeyObject = alipay.privateKey) =>
    createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64')

  const ok = (fields: Record<string, unknown>) => ({ code: '10000', msg: 'Success', ...fields })
  const fail = (subCode: string, subMsg: string) => ({
    code: '40004',
    msg: 'Business Failed',
    sub_code: subCode,
    sub_msg: subMsg,
  })

  type Handler = (biz: Record<string, unknown>, params: Record<string, string>) => Record<string, unknown>
  const methods: Record<string, Handler> = {
    'alipay.system.oauth.token': (_biz, params) => {
      if (params.grant_type !== 'authorization_code') {
        return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.grant-type-invalid', sub_msg: 'grant_type' }
      }
      const auth = authCodes.get(params.code ?? '')
      if (!auth || auth.used) {
        return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.code-invalid', sub_msg: '授权码code无效' }
      }
      auth.used = true
      // Success carries no code: the token is the answer.
      return {
        open_id: auth.openId,
        access_token: `authusrB${randomBytes(12).toString('hex')}`,
        expires_in: 1296000,
        refresh_token: `authusrB${randomBytes(12).toString('hex')}`,
        re_expires_in: 2592000,
        auth_start: alipayTime(now()),
      }
    },
    'alipay.open.app.mini.templatemessage.send': (biz) => {
      const to = typeof biz.to_user_id === 'string' ? biz.to_user_id : biz.to_open_id
      const templateId = biz.user_template_id
      if (typeof to !== 'string' || typeof templateId !== 'string' || typeof biz.data !== 'string') {
        return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.missing-parameter', sub_msg: 'missing' }
      }
      const keywords = subscribeTemplates.get(templateId)
      if (keywords === undefined) return fail('USER_TEMPLATE_ILLEGAL', '模板非法')
      let data: Record<string, { value?: unknown }>
      try {
        data = JSON.parse(biz.data) as Record<string, { value?: unknown }>
      } catch {
        return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-parameter', sub_msg: 'data' }
      }
      const values: Record<string, string> = {}
      for (let n = 1; n <= keywords; n++) {
        const value = data[`keyword${n}`]?.value
        if (typeof value !== 'string') return fail('USER_TEMPLATE_LACK_KEYWORD', '缺少关键词')
        if ([...value].length > 50) return fail('USER_KEYWORD_LENGTH_ERROR', '关键词超长')
        values[`keyword${n}`] = value
      }
      const key = `${to} ${templateId}`
      const left = subscriptions.get(key) ?? 0
      if (left <= 0) return fail('NO_SUBSCRIPTION', 'stand-in: the user has no subscription to this template')
      subscriptions.set(key, left - 1)
      subscribeMessages.push({ to, templateId, page: String(biz.page ?? ''), data: values })
      return ok({})
    },
    'alipay.trade.create': (biz, params) => {
      const { out_trade_no: outTradeNo, subject } = biz
      const totalFen = fenOf(biz.total_amount)
      const buyer = biz.buyer_id ?? biz.buyer_open_id
      if (typeof outTradeNo !== 'string' || typeof subject !== 'string' || typeof buyer !== 'string') {
        return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.missing-parameter', sub_msg: 'missing' }
      }
      if (totalFen === null || totalFen <= 0) {
        return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-parameter', sub_msg: 'amount' }
      }
      const existing = trades.get(outTradeNo)
      if (existing) {
        // The same order number is the same trade while unpaid; a changed amount is refused.
        if (existing.status !== 'WAIT_BUYER_PAY') return fail('ACQ.TRADE_HAS_SUCCESS', 'trade paid or closed')
        if (existing.totalFen !== totalFen) return fail('ACQ.CONTEXT_INCONSISTENT', 'changed')
        return ok({ out_trade_no: outTradeNo, trade_no: existing.tradeNo })
      }
      const trade: FakeTrade = {
        outTradeNo,
        tradeNo: `2026${String(++seq).padStart(8, '0')}${randomBytes(6).toString('hex')}`,
        totalFen,
        subject,
        buyer,
        notifyUrl: params.notify_url ?? '',
        status: 'WAIT_BUYER_PAY',
        paidAt: null,
        productCode: 'JSAPI_PAY',
        returnUrl: null,
        quitUrl: null,
        expiresAt: null,
      }
      trades.set(outTradeNo, trade)
      return ok({ out_trade_no: outTradeNo, trade_no: trade.tradeNo })
    },
    'alipay.trade.query': (biz) => {
      const trade = trades.get(String(biz.out_trade_no))
      if (!trade) return fail('ACQ.TRADE_NOT_EXIST', 'no such trade')
      return ok({
        trade_no: trade.tradeNo,
        out_trade_no: trade.outTradeNo,
        trade_status: trade.status,
        total_amount: yuan(trade.totalFen),
        ...(trade.paidAt ? { send_pay_date: alipayTime(trade.paidAt), buyer_pay_amount: yuan(trade.totalFen) } : {}),
      })
    },
    'alipay.trade.close': (biz) => {
      const trade = trades.get(String(biz.out_trade_no))
      if (!trade) return fail('ACQ.TRADE_NOT_EXIST', 'no such trade')
      if (trade.status !== 'WAIT_BUYER_PAY') return fail('ACQ.TRADE_STATUS_ERROR', 'trade paid or closed')
      trade.status = 'TRADE_CLOSED'
      return ok({ trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo })
    },
    'alipay.trade.refund': (biz) => {
      const trade = trades.get(String(biz.out_trade_no))
      if (!trade) return fail('ACQ.TRADE_NOT_EXIST', 'no such trade')
      if (trade.status !== 'TRADE_SUCCESS') return fail('ACQ.TRADE_STATUS_ERROR', 'trade not paid')
      const refundFen = fenOf(biz.refund_amount)
      const outRequestNo = biz.out_request_no
      if (refundFen === null || typeof outRequestNo !== 'string') {
        return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-parameter', sub_msg: 'refund' }
      }
      const key = `${trade.outTradeNo}/${outRequestNo}`
      const base = { trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo }
      const existing = refunds.get(key)
      // A repeated out_request_no is the same refund: answered again with no money moving.
      if (existing) return ok({ ...base, refund_fee: yuan(existing.refundFen), fund_change: 'N' })
      const refunded = [...refunds.values()]
        .filter((one) => one.outTradeNo === trade.outTradeNo)
        .reduce((sum, one) => sum + one.refundFen, 0)
      if (refunded + refundFen > trade.totalFen) return fail('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', 'refund exceeds')
      refunds.set(key, { outTradeNo: trade.outTradeNo, outRequestNo, refundFen, at: now() })
      return ok({ ...base, refund_fee: yuan(refunded + refundFen), fund_change: 'Y' })
    },
    'alipay.data.dataservice.bill.downloadurl.query': (biz) => {
      const date = String(biz.bill_date ?? '')
      if (biz.bill_type !== 'trade' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
        return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-parameter', sub_msg: 'bill' }
      }
      // Cut before 09:00 the next day; a day without a trade has no bill.
      const cut = now().getTime() >= new Date(`${date}T09:00:00+08:00`).getTime() + 24 * 3600_000
      const lines = billLines(date)
      if (!cut || lines.length === 0) return fail('isp.bill_not_exist', '账单不存在')
      const token = randomBytes(16).toString('hex')
      billFiles.set(token, alipayBillZip('20881234567890', date, lines, now()))
      return ok({ bill_download_url: `${origin}/bill/${token}.csv.zip` })
    },
    'alipay.trade.fastpay.refund.query': (biz) => {
      const trade = trades.get(String(biz.out_trade_no))
      if (!trade) return fail('ACQ.TRADE_NOT_EXIST', 'no such trade')
      const refund = refunds.get(`${trade.outTradeNo}/${String(biz.out_request_no)}`)
      // Alipay answers 10000 without refund_status for a refund it never received.
      if (!refund) return ok({ out_trade_no: trade.outTradeNo, out_request_no: biz.out_request_no })
      return ok({
        trade_no: trade.tradeNo,
        out_trade_no: trade.outTradeNo,
        out_request_no: refund.outRequestNo,
        total_amount: yuan(trade.totalFen),
        refund_amount: yuan(refund.refundFen),
        refund_status: 'REFUND_SUCCESS',
        gmt_refund_pay: alipayTime(refund.at),
      })
    },
  }

  /** Our request's common parameters and signature, by Alipay's rules; an error answer, or null when valid. */
  function checkRequest(params: Record<string, string>): Record<string, unknown> | null {
    const missing = ['app_id', 'method', 'charset', 'sign_type', 'sign', 'timestamp', 'version'].find(
      (name) => !params[name],
    )
    if (missing) return { code: '40001', msg: 'Missing Required Arguments', sub_code: `isv.missing-${missing}` }
    if (params.app_id !== APP_ID) return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-app-id' }
    if (params.format && params.format !== 'JSON') return { code: '40002', sub_code: 'isv.invalid-format' }
    if (params.sign_type !== 'RSA2' || params.version !== '1.0' || params.charset !== 'utf-8') {
      return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-parameter' }
    }
    if (ca && params.app_cert_sn !== appCert?.sn) {
      return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.app-cert-sn-error', sub_msg: 'app_cert_sn' }
    }
    if (ca && params.alipay_root_cert_sn !== ca.rootCertSn) {
      return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.root-cert-sn-error', sub_msg: 'root sn' }
    }
    const stamp = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(params.timestamp)
      ? new Date(`${params.timestamp.replace(' ', 'T')}+08:00`).getTime()
      : NaN
    // Alipay refuses a timestamp more than ~15 minutes off.
    if (!(Math.abs(stamp - now().getTime()) <= 15 * 60_000)) {
      return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-timestamp' }
    }
    const content = signContent(params, ['sign'], true)
    const genuine = createVerify('RSA-SHA256').update(content, 'utf8').verify(app.publicKey, params.sign, 'base64')
    if (!genuine) {
      return { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: 'bad sign' }
    }
    return null
  }

  /** Bill zips handed out by downloadurl.query, by token (the real address lives 30 seconds). */
  const billFiles = new Map<string, Uint8Array>()

  /** The day's payments and refunds, as the bill lists them. */
  function billLines(date: string) {
    const paid = [...trades.values()].filter((t) => t.paidAt && chinaDate(t.paidAt) === date)
    const refunded = [...refunds.values()].filter((r) => chinaDate(r.at) === date)
    return [
      ...paid.map((t) => ({
        tradeNo: t.tradeNo,
        outTradeNo: t.outTradeNo,
        subject: t.subject,
        createdAt: t.paidAt as Date,
        finishedAt: t.paidAt as Date,
        buyer: t.buyer,
        amountFen: t.billTotalFen ?? t.totalFen,
        outRequestNo: null,
      })),
      ...refunded.map((r) => {
        const t = trades.get(r.outTradeNo) as FakeTrade
        return {
          tradeNo: t.tradeNo,
          outTradeNo: t.outTradeNo,
          subject: t.subject,
          createdAt: r.at,
          finishedAt: r.at,
          buyer: t.buyer,
          amountFen: r.refundFen,
          outRequestNo: r.outRequestNo,
        }
      }),
    ]
  }

  /** Answers to corrupt on purpose (a test sets it): the next answer signed with this key instead. */
  let forgeNext: KeyObject | null = null

  /** Open mobile-web cashiers: a page's session id → its trade. */
  const cashierSessions = new Map<string, string>()
  const deliveries: FakeAlipayDelivery[] = []
  /** deliver: paying in the mobile-web cashier posts the notification to notify_url; hold: never posted (lost). */
  let notify: 'deliver' | 'hold' = 'deliver'

  /**
   * alipay.trade.wap.pay, opened by the payer's browser (GET, or the SDK's auto-submitted POST form) after the request
   * checks every gateway call has: the trade is created (or found again, unchanged) and Alipay's cashier shows it.
   * Refusals are pages, as Alipay's gateway shows them to the payer.
   */
  function wapPay(params: Record<string, string>, biz: Record<string, unknown>): { status: number; page: string } {
    const refuse = (why: string) => ({ status: 200, page: html('支付宝', `<h1>${escapeHtml(why)}</h1>`) })
    const { out_trade_no: outTradeNo, subject, product_code: productCode } = biz
    const totalFen = fenOf(biz.total_amount)
    const quitUrl = typeof biz.quit_url === 'string' ? biz.quit_url : null
    const expiresAt = biz.time_expire === undefined ? null : alipayTimeOf(biz.time_expire)
    if (typeof outTradeNo !== 'string' || typeof subject !== 'string' || totalFen === null || totalFen <= 0) {
      return refuse('isv.missing-parameter: out_trade_no, subject, total_amount')
    }
    if (productCode !== 'QUICK_WAP_WAY') return refuse('isv.invalid-parameter: product_code')
    if (biz.time_expire !== undefined && !expiresAt) return refuse('isv.invalid-parameter: time_expire')
    if (expiresAt && now().getTime() > expiresAt.getTime()) return refuse('订单已超时，不能付款')
    if (!params.notify_url || !params.return_url) return refuse('isv.missing-parameter: notify_url, return_url')
    let trade = trades.get(outTradeNo)
    if (trade) {
      if (trade.status !== 'WAIT_BUYER_PAY') return refuse('ACQ.TRADE_HAS_SUCCESS: 交易已支付或已关闭')
      if (trade.totalFen !== totalFen || trade.productCode !== 'QUICK_WAP_WAY') {
        return refuse('ACQ.CONTEXT_INCONSISTENT: 交易信息被篡改')
      }
    } else {
      trade = {
        outTradeNo,
        tradeNo: `2026${String(++seq).padStart(8, '0')}${randomBytes(6).toString('hex')}`,
        totalFen,
        subject,
        buyer: '',
        notifyUrl: params.notify_url,
        status: 'WAIT_BUYER_PAY',
        paidAt: null,
        productCode: 'QUICK_WAP_WAY',
        returnUrl: params.return_url,
        quitUrl,
        expiresAt,
      }
      trades.set(outTradeNo, trade)
    }
    Object.assign(trade, { notifyUrl: params.notify_url, returnUrl: params.return_url, quitUrl, expiresAt })
    const session = randomBytes(12).toString('hex')
    cashierSessions.set(session, outTradeNo)
    return {
      status: 200,
      page: html(
        '支付宝',
        `<h1>支付宝</h1><p>${escapeHtml(subject)}</p><p data-testid="amount">¥${yuan(totalFen)}</p>` +
          `<form method="post" action="/cashier/pay"><input type="hidden" name="session" value="${session}">` +
          `<button type="submit">确认付款</button></form>` +
          `<a href="/cashier/quit?session=${session}">退出</a>`,
      ),
    }
  }

  /** What Alipay appends to return_url: the trade, signed like a notification (every field but sign, sign_type). */
  function returnParams(trade: FakeTrade): Record<string, string> {
    const fields: Record<string, string> = {
      charset: 'utf-8',
      out_trade_no: trade.outTradeNo,
      method: 'alipay.trade.wap.pay.return',
      total_amount: yuan(trade.totalFen),
      trade_no: trade.tradeNo,
      auth_app_id: APP_ID,
      version: '1.0',
      app_id: APP_ID,
      seller_id: SELLER_ID,
      timestamp: alipayTime(now()),
    }
    return { ...fields, sign: sign(signContent(fields, [], false)), sign_type: 'RSA2' }
  }

  /** The cashier's buttons: pay (notify, then back to return_url with the signed return) or quit (to quit_url). */
  async function cashierAction(
    url: URL,
    form: URLSearchParams,
  ): Promise<{ status: number; location?: string; page?: string }> {
    const session = url.pathname === '/cashier/pay' ? form.get('session') : url.searchParams.get('session')
    const trade = trades.get(cashierSessions.get(session ?? '') ?? '')
    if (!trade) return { status: 200, page: html('支付宝', '<h1>收银台已失效</h1>') }
    const back = (to: string | null, extra: Record<string, string> = {}) => {
      if (!to) return { status: 200, page: html('支付宝', '<h1>支付宝</h1>') }
      const query = new URLSearchParams(extra).toString()
      return { status: 302, location: query ? `${to}${to.includes('?') ? '&' : '?'}${query}` : to }
    }
    if (url.pathname === '/cashier/quit') return back(trade.quitUrl ?? trade.returnUrl)
    if (trade.status !== 'WAIT_BUYER_PAY') return { status: 200, page: html('支付宝', '<h1>交易已支付或已关闭</h1>') }
    if (trade.expiresAt && now().getTime() > trade.expiresAt.getTime()) {
      return { status: 200, page: html('支付宝', '<h1>订单已超时，不能付款</h1>') }
    }
    pay(trade.outTradeNo)
    trade.buyer = `2088${String(100000000000 + seq).slice(-12)}`
    if (notify === 'hold') deliveries.push({ orderNo: trade.outTradeNo, answer: 'held' })
    else {
      const answer = await fetch((options.notifyVia ?? ((url: string) => url))(trade.notifyUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: notification(trade.outTradeNo),
      })
        .then((reply) => reply.text())
        .catch((error: unknown) => `unreachable: ${String(error)}`)
      deliveries.push({ orderNo: trade.outTradeNo, answer })
    }
    return back(trade.returnUrl, returnParams(trade))
  }

  const server = createFakeServer(options, (request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake')
      // A bill file: a plain download from Alipay's file host, no signature, no parameters.
      const bill = /^\/bill\/([0-9a-f]+)\.csv\.zip$/.exec(url.pathname)
      if (bill) {
        const file = billFiles.get(bill[1])
        response.writeHead(file ? 200 : 404, { 'content-type': 'application/zip' })
        return void response.end(file ?? '')
      }
      const text = Buffer.concat(chunks).toString('utf8')
      if (url.pathname.startsWith('/cashier/')) {
        cashierAction(url, new URLSearchParams(text)).then(
          ({ status, location, page }) => {
            response.writeHead(status, location ? { location } : { 'content-type': 'text/html; charset=utf-8' })
            response.end(page ?? '')
          },
          (error: unknown) => {
            response.writeHead(500)
            response.end(String(error))
          },
        )
        return
      }
      const params: Record<string, string> = {}
      for (const [key, value] of url.searchParams) params[key] = value
      for (const [key, value] of new URLSearchParams(text)) params[key] = value
      const method = params.method ?? 'unknown'
      const responseKey = `${method.replaceAll('.', '_')}_response`
      let answer = checkRequest(params)
      if (method === 'alipay.trade.wap.pay') {
        // A page for the payer's browser: a refused request is shown, never answered in JSON.
        let biz: Record<string, unknown> = {}
        try {
          biz = JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>
        } catch {
          answer ??= { code: '40002', sub_code: 'isv.invalid-biz-content' }
        }
        const shown = answer
          ? { status: 200, page: html('支付宝', `<h1>${escapeHtml(String(answer.sub_code ?? answer.code))}</h1>`) }
          : wapPay(params, biz)
        requests.push({
          params,
          code: String(answer?.code ?? '10000'),
          subCode: answer?.sub_code as string | undefined,
        })
        response.writeHead(shown.status, { 'content-type': 'text/html; charset=utf-8' })
        response.end(shown.page)
        return
      }
      // Alipay does not sign answers to requests whose own signature failed.
      const unsigned = answer?.sub_code === 'isv.invalid-signature'
      if (!answer) {
        const handler = methods[method]
        let biz: Record<string, unknown> = {}
        try {
          biz = JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>
        } catch {
          answer = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-biz-content' }
        }
        answer ??= unavailable.shift() ?? null
        answer ??= handler ? handler(biz, params) : { code: '40004', sub_code: 'isv.invalid-method' }
      }
      requests.push({ params, code: String(answer.code ?? '10000'), subCode: answer.sub_code as string | undefined })
      // Alipay writes the value then signs those exact bytes; the body embeds the same text.
      const valueText = JSON.stringify(answer)
      // oauth.token's failures come under error_response (its success has no code at all).
      const answerKey =
        method === 'alipay.system.oauth.token' && answer.code !== undefined ? 'error_response' : responseKey
      const key = forgeNext ?? alipay.privateKey
      forgeNext = null
      // Certificate mode: the answer names the Alipay certificate whose key signed it, before the sign.
      const certSn = alipayCert ? `,"alipay_cert_sn":"${alipayCert.sn}"` : ''
      const body = unsigned
        ? `{"${answerKey}":${valueText}${certSn}}`
        : `{"${answerKey}":${valueText}${certSn},"sign":"${sign(valueText, key)}"}`
      response.writeHead(200, { 'content-type': 'text/html;charset=utf-8' })
      response.end(body)
    })
  })
  const origin = await listenLocally(server)
  const gateway = `${origin}/gateway.do`

  function trade(orderNo: string): FakeTrade {
    const found = trades.get(orderNo)
    if (!found) throw new Error(`fake Alipay: no trade ${orderNo}`)
    return found
  }

  return {
    gateway,
    appId: APP_ID,
    app,
    alipay,
    trades,
    refunds,
    requests,

    keys(notifyUrl = 'https://pay.example.com/api/pay/notify/alipay'): AlipayKeys {
      if (!appCert || !alipayCert || !ca) {
        return {
          appId: APP_ID,
          appPrivateKey: app.privateKey,
          alipayPublicKey: alipay.publicKey,
          certificates: null,
          notifyUrl,
          gateway,
        }
      }
      // What the adapter computes from the files it is given (the fake checks them against its own serials).
      const alipayX509 = new X509Certificate(alipayCert.pem)
      return {
        appId: APP_ID,
        appPrivateKey: app.privateKey,
        alipayPublicKey: alipayX509.publicKey,
        certificates: {
          appCertSn: alipayCertSn(new X509Certificate(appCert.pem)),
          alipayRootCertSn: alipayRootCertSn(ca.rootCertPem),
          alipayCertSn: alipayCertSn(alipayX509),
        },
        notifyUrl,
        gateway,
      }
    },

    /** The same as server settings, keys (or certificates) written as PEM files in `dir`. */
    settings(dir: string, notifyUrl = 'https://pay.example.com/api/pay/notify/alipay'): AlipaySettings {
      const privateKeyFile = join(dir, 'app_private_key.pem')
      writeFileSync(privateKeyFile, app.privateKey.export({ type: 'pkcs8', format: 'pem' }))
      if (!appCert || !alipayCert || !ca) {
        const alipayPublicKeyFile = join(dir, 'alipay_public_key.pem')
        writeFileSync(alipayPublicKeyFile, alipay.publicKey.export({ type: 'spki', format: 'pem' }))
        return {
          appId: APP_ID,
          privateKeyFile,
          verification: { mode: 'publicKey', alipayPublicKeyFile },
          notifyUrl,
          gateway,
        }
      }
      const files = {
        appCertFile: join(dir, `appCertPublicKey_${APP_ID}.crt`),
        alipayCertFile: join(dir, 'alipayCertPublicKey_RSA2.crt'),
        rootCertFile: join(dir, 'alipayRootCert.crt'),
      }
      writeFileSync(files.appCertFile, appCert.pem)
      writeFileSync(files.alipayCertFile, alipayCert.pem)
      writeFileSync(files.rootCertFile, ca.rootCertPem)
      return { appId: APP_ID, privateKeyFile, verification: { mode: 'certificates', ...files }, notifyUrl, gateway }
    },

    /** The serials Alipay expects (certificate mode), computed from what the fake issued. */
    expectedSerials() {
      return { appCertSn: appCert?.sn, alipayRootCertSn: ca?.rootCertSn, alipayCertSn: alipayCert?.sn }
    },

    /** Alipay replaces its certificate and key (certificate mode): answers name and are signed by the new one. */
    rotateAlipayCertificate(): void {
      if (!ca) throw new Error('fake Alipay: not in certificate mode')
      alipay = generateKeyPairSync('rsa', { modulusLength: 2048 })
      alipayCert = ca.issue(alipaySubject, alipay.publicKey)
    },

    /** The same app for the mini-program identity, with its AES key. */
    identitySettings(dir: string): AlipayIdentitySettings {
      const { privateKeyFile, verification } = this.settings(dir)
      return { appId: APP_ID, privateKeyFile, verification, aesKey: aesKey.toString('base64'), gateway }
    },

    /** What my.getAuthCode gives the user with this open_id: a one-use auth code. */
    authCode(openId: string): string {
      const code = `authcode_${++seq}`
      authCodes.set(code, { openId, used: false })
      return code
    },

    /**
     * What my.getPhoneNumber gives (its `response` JSON parsed): the encrypted answer and Alipay's signature; a test
     * can encrypt under another AES key or sign with another RSA key.
     */
    phoneResponse(
      mobile: string,
      options: { aesKey?: Buffer; key?: KeyObject } = {},
    ): { response: string; sign: string } {
      const cipher = createCipheriv('aes-128-cbc', options.aesKey ?? aesKey, Buffer.alloc(16))
      const plain = JSON.stringify({ code: '10000', msg: 'Success', mobile })
      const response = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64')
      return { response, sign: sign(`"${response}"`, options.key) }
    },

    subscribeMessages,
    /** A subscribe template the app picked on the merchant platform, with its number of keywords. */
    subscribeTemplate(templateId: string, keywords: number): void {
      subscribeTemplates.set(templateId, keywords)
    },
    /** The user accepted the template in my.requestSubscribeMessage (one-time): one message may be sent. */
    subscribe(recipient: string, templateId: string): void {
      const key = `${recipient} ${templateId}`
      subscriptions.set(key, (subscriptions.get(key) ?? 0) + 1)
    },
    subscriptionsLeft: (recipient: string, templateId: string) => subscriptions.get(`${recipient} ${templateId}`) ?? 0,

    /** The next gateway answer is Alipay unavailable (20000 isp.unknow-error). */
    unavailableNext(): void {
      unavailable.push({ code: '20000', msg: 'Service Currently Unavailable', sub_code: 'isp.unknow-error' })
    },

    /** The next answer is signed with another key (a man in the middle). */
    forgeNextAnswer(key: KeyObject): void {
      forgeNext = key
    },

    /** A payment under an out_trade_no we never created: Alipay has it, we do not. */
    externalPayment(outTradeNo: string, totalFen: number): FakeTrade {
      trades.set(outTradeNo, {
        outTradeNo,
        tradeNo: `2026${String(++seq).padStart(8, '0')}${randomBytes(6).toString('hex')}`,
        totalFen,
        subject: 'external',
        buyer: '2088000000000099',
        notifyUrl: '',
        status: 'WAIT_BUYER_PAY',
        paidAt: null,
        productCode: 'JSAPI_PAY',
        returnUrl: null,
        quitUrl: null,
        expiresAt: null,
      })
      return pay(outTradeNo)
    },

    pay,
    notification,
    returnParams: (orderNo: string) => returnParams(trade(orderNo)),

    /** What the mobile-web cashier did with each payment's notification. */
    deliveries,
    /** Whether paying in the mobile-web cashier posts the notification (deliver) or loses it (hold). */
    notifications(mode: 'deliver' | 'hold'): void {
      notify = mode
    },

    close(): Promise<void> {
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }

  /** The buyer pays in the Alipay app: the trade becomes TRADE_SUCCESS. */
  function pay(orderNo: string): FakeTrade {
    const paid = trade(orderNo)
    if (paid.status !== 'WAIT_BUYER_PAY') throw new Error(`fake Alipay: ${orderNo} is ${paid.status}`)
    paid.status = 'TRADE_SUCCESS'
    paid.paidAt = new Date(Math.floor(now().getTime() / 1000) * 1000)
    return paid
  }

  /** The trade_status_sync notification Alipay posts to notify_url: the form-encoded body. */
  function notification(orderNo: string, options: NotificationOptions = {}): string {
    const paid = trade(orderNo)
    const at = paid.paidAt ?? now()
    const fields: Record<string, string> = {
      notify_time: alipayTime(now()),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      app_id: APP_ID,
      charset: 'utf-8',
      version: '1.0',
      trade_no: paid.tradeNo,
      out_trade_no: paid.outTradeNo,
      trade_status: paid.status,
      total_amount: yuan(paid.totalFen),
      receipt_amount: yuan(paid.totalFen),
      buyer_pay_amount: yuan(paid.totalFen),
      subject: paid.subject,
      gmt_create: alipayTime(at),
      gmt_payment: alipayTime(at),
      ...options.fields,
    }
    for (const [key, value] of Object.entries(fields)) if (value === '') delete fields[key]
    // Alipay's notification rule: every field but sign and sign_type, sorted, decoded values.
    const content = Object.keys(fields)
      .sort()
      .map((key) => `${key}=${fields[key]}`)
      .join('&')
    return new URLSearchParams({ ...fields, sign_type: 'RSA2', sign: sign(content, options.key) }).toString()
  }
}
