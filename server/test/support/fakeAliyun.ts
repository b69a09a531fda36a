import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { createFakeServer, listenLocally, type FakeServerOptions } from './fakeServer'

// A local Alibaba Cloud OpenAPI endpoint (Dysmsapi SendSms, STS AssumeRole and Dytnsapi
// DescribePhoneNumberOperatorAttribute on one port, and the bucket's GetObject) that keeps Alibaba Cloud's
// V3 signature rules, written here on its own (not the adapter's code) so both cannot drift together: the canonical
// request is rebuilt from the request as received — the query decoded and re-encoded RFC 3986-style and sorted, the
// headers named in SignedHeaders, which must cover host and every x-acs-* header, the body's SHA-256 against
// x-acs-content-sha256 — and the hex HMAC-SHA256 by the AccessKey secret must match (SignatureDoesNotMatch). Then the
// ±15 minute x-acs-date window (InvalidTimeStamp.Expired) and the nonce seen before (SignatureNonceUsed), like
// Alibaba Cloud. SendSms keeps Dysmsapi's rules (sign name, template, TemplateParam, phone format, 1 per minute /
// 5 per hour per number → isv.BUSINESS_LIMIT_CONTROL) and answers HTTP 200 with a Code; AssumeRole checks the role
// and DurationSeconds, keeps the policy it was given, and answers credentials with their Expiration.
// Notification templates (短信通知) have named variables: each must be given (isv.TEMPLATE_MISSING_PARAMETERS), as a
// string (isv.INVALID_JSON_PARAM) of at most 35 characters (isv.PARAM_LENGTH_LIMIT) without a URL
// (isv.PARAM_NOT_SUPPORT_URL); the default flow control is 50 a day per number, sign and template
// (isv.BUSINESS_LIMIT_CONTROL); an empty balance answers isv.AMOUNT_NOT_ENOUGH. Their OutId is kept.

export const FAKE_ACCESS_KEY_ID = 'LTAI5tFakeAccessKeyId01'
export const FAKE_SIGN_NAME = '生活缴费'
export const FAKE_TEMPLATES = ['SMS_400000001', 'SMS_400000002']
/** Approved notification templates and their variables. */
export const FAKE_NOTIFY_TEMPLATES: Record<string, string[]> = {
  SMS_400000101: ['orderNo', 'amount'],
  SMS_400000102: ['orderNo', 'reason'],
}
export const FAKE_ROLE_ARN = 'acs:ram::1234567890123456:role/life-pay-upload'
export const FAKE_OSS_BUCKET = 'life-pay-uploads'
/** The 号码百科 authorisation id the fake accepts (DescribePhoneNumberOperatorAttribute's AuthCode). */
export const FAKE_DYTNS_AUTH_CODE = 'Dd1rFake4id'

/** A number's record at 号码百科: its base carrier today, its ported flag, where it is registered. */
export interface FakeNumberAttribute {
  basicCarrier: string
  carrier: string
  ported: boolean
  province: string
  city: string
}

export interface FakeSms {
  phoneNumber: string
  signName: string
  templateCode: string
  code: string
  at: Date
}

export interface FakeNotificationSms {
  phoneNumber: string
  templateCode: string
  params: Record<string, string>
  outId: string | null
  at: Date
}

export interface FakeAssumedRole {
  roleArn: string
  roleSessionName: string
  durationSeconds: number
  policy: unknown
  accessKeyId: string
  expiration: string
}

export type FakeAliyun = Awaited<ReturnType<typeof startFakeAliyun>>

const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex')

export async function startFakeAliyun(now: () => Date = () => new Date(), options: FakeServerOptions = {}) {
  // 30 letters and digits, as RAM issues them (production checks the format).
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  const accessKeySecret = Array.from(randomBytes(30), (byte) => letters[byte % letters.length]).join('')
  const nonces = new Map<string, number>()
  const sent: FakeSms[] = []
  const roles: FakeAssumedRole[] = []
  /** Every request's action and the Code answered. */
  const answers: { action: string; status: number; code: string }[] = []
  const unreachable = new Set<string>()
  /** Numbers 号码百科 knows; any other is isp.NUMBER_NON_EXISTENT. */
  const numbers = new Map<string, FakeNumberAttribute>()
  /** Every DescribePhoneNumberOperatorAttribute InputNumber, as received. */
  const lookedUp: string[] = []
  let failNext: number | null = null
  const notifications: FakeNotificationSms[] = []
  let balanceEmpty = false

  const error = (status: number, code: string, message: string) => ({
    status,
    body: { RequestId: randomUUID(), HostId: 'fake.aliyuncs.com', Code: code, Message: message },
  })

  /** Alibaba Cloud's own check of a V3-signed request; an error answer, or null when it holds. */
  function authenticate(request: IncomingMessage, body: Buffer) {
    const authorization = request.headers.authorization ?? ''
    const match = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
      authorization,
    )
    if (!match) return error(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.')
    const [, keyId, signedList, signature] = match
    if (keyId !== FAKE_ACCESS_KEY_ID)
      return error(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.')
    const signed = signedList.split(';')
    const required = Object.keys(request.headers).filter((name) => name.startsWith('x-acs-'))
    if (![...required, 'host'].every((name) => signed.includes(name)) || [...signed].sort().join(';') !== signedList) {
      return error(400, 'IncompleteSignature', 'SignedHeaders must list host and every x-acs-* header, sorted.')
    }
    if (request.headers['x-acs-content-sha256'] !== sha256(body)) {
      return error(400, 'SignatureDoesNotMatch', 'x-acs-content-sha256 is not the hash of the body.')
    }
    const url = new URL(request.url ?? '/', 'http://fake')
    const query = [...url.searchParams]
      .map(([key, value]) => [encode(key), encode(value)])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, value]) => `${key}=${value}`)
      .join('&')
    const headerLines = signed.map((name) => `${name}:${String(request.headers[name] ?? '').trim()}\n`).join('')
    const canonical = [request.method, url.pathname, query, headerLines, signedList, sha256(body)].join('\n')
    const expected = createHmac('sha256', accessKeySecret)
      .update(`ACS3-HMAC-SHA256\n${sha256(canonical)}`)
      .digest('hex')
    if (!timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) {
      return error(400, 'SignatureDoesNotMatch', 'Specified signature does not match our calculation.')
    }
    const date = String(request.headers['x-acs-date'] ?? '')
    const stamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(date) ? Date.parse(date) : NaN
    if (!(Math.abs(stamp - now().getTime()) <= 15 * 60_000)) {
      return error(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.')
    }
    const nonce = String(request.headers['x-acs-signature-nonce'] ?? '')
    if (nonce === '') return error(400, 'MissingSignatureNonce', 'SignatureNonce is mandatory.')
    const seen = nonces.get(nonce)
    if (seen !== undefined && now().getTime() - seen < 15 * 60_000) {
      return error(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.')
    }
    nonces.set(nonce, now().getTime())
    return null
  }

  function sendSms(params: URLSearchParams) {
    const ok = (fields: Record<string, unknown>) => ({ status: 200, body: { RequestId: randomUUID(), ...fields } })
    const refuse = (code: string, message: string) => ok({ Code: code, Message: message })
    const phoneNumber = params.get('PhoneNumbers') ?? ''
    if (!/^(?:\+?86)?1[3-9]\d{9}$/.test(phoneNumber) || unreachable.has(phoneNumber)) {
      return refuse('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号')
    }
    if (params.get('SignName') !== FAKE_SIGN_NAME) return refuse('isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名')
    const templateCode = params.get('TemplateCode') ?? ''
    const variables = FAKE_NOTIFY_TEMPLATES[templateCode]
    if (!FAKE_TEMPLATES.includes(templateCode) && !variables) {
      return refuse('isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板')
    }
    if (balanceEmpty) return refuse('isv.AMOUNT_NOT_ENOUGH', '账户余额不足')
    let templateParam: unknown
    try {
      templateParam = JSON.parse(params.get('TemplateParam') ?? '')
    } catch {
      return refuse('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值')
    }
    if (variables) return sendNotification(params, phoneNumber, templateCode, variables, templateParam, ok, refuse)
    const code = (templateParam as { code?: unknown } | null)?.code
    if (typeof code !== 'string' || code === '')
      return refuse('isv.TEMPLATE_MISSING_PARAMETERS', '模板变量缺少对应参数值')
    const at = now()
    const toNumber = sent.filter((one) => one.phoneNumber === phoneNumber)
    const within = (ms: number) => toNumber.filter((one) => at.getTime() - one.at.getTime() < ms).length
    // Dysmsapi's default flow control for verification codes: 1 per minute, 5 per hour, 10 per day per number.
    if (within(60_000) >= 1 || within(3600_000) >= 5 || within(24 * 3600_000) >= 10) {
      return refuse('isv.BUSINESS_LIMIT_CONTROL', '触发号码天级流控Permits:10')
    }
    sent.push({ phoneNumber, signName: FAKE_SIGN_NAME, templateCode, code, at })
    return ok({ Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` })
  }

  function sendNotification(
    params: URLSearchParams,
    phoneNumber: string,
    templateCode: string,
    variables: string[],
    templateParam: unknown,
    ok: (fields: Record<string, unknown>) => { status: number; body: Record<string, unknown> },
    refuse: (code: string, message: string) => { status: number; body: Record<string, unknown> },
  ) {
    const given = (templateParam ?? {}) as Record<string, unknown>
    const values: Record<string, string> = {}
    for (const name of variables) {
      const value = given[name]
      if (value === undefined || value === '') return refuse('isv.TEMPLATE_MISSING_PARAMETERS', '模板缺少变量')
      if (typeof value !== 'string') return refuse('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值')
      if ([...value].length > 35) return refuse('isv.PARAM_LENGTH_LIMIT', '参数超出长度限制')
      if (/https?:\/\/|www\./i.test(value)) return refuse('isv.PARAM_NOT_SUPPORT_URL', '不支持URL')
      values[name] = value
    }
    const at = now()
    const today = notifications.filter(
      (one) =>
        one.phoneNumber === phoneNumber &&
        one.templateCode === templateCode &&
        at.getTime() - one.at.getTime() < 24 * 3600_000,
    )
    if (today.length >= 50) return refuse('isv.BUSINESS_LIMIT_CONTROL', '触发号码天级流控Permits:50')
    notifications.push({ phoneNumber, templateCode, params: values, outId: params.get('OutId'), at })
    return ok({ Code: 'OK', Message: 'OK', BizId: `${at.getTime()}^${notifications.length}` })
  }

  function assumeRole(params: URLSearchParams) {
    if (params.get('RoleArn') !== FAKE_ROLE_ARN) return error(404, 'EntityNotExist.Role', 'The role not exists.')
    const roleSessionName = params.get('RoleSessionName') ?? ''
    if (!/^[\w.@-]{2,64}$/.test(roleSessionName)) {
      return error(400, 'InvalidParameter.RoleSessionName', 'The parameter RoleSessionName is wrongly formed.')
    }
    const durationSeconds = Number(params.get('DurationSeconds') ?? 3600)
    // The role's MaxSessionDuration is left at its default of one hour.
    if (!Number.isInteger(durationSeconds) || durationSeconds < 900 || durationSeconds > 3600) {
      return error(400, 'InvalidParameter.DurationSeconds', 'The Min/Max value of DurationSeconds is 15min/1hr.')
    }
    let policy: unknown = null
    if (params.has('Policy')) {
      try {
        policy = JSON.parse(params.get('Policy') ?? '')
      } catch {
        return error(400, 'InvalidParameter.PolicyGrammar', 'The parameter Policy has not passed grammar check.')
      }
    }
    const expiration = new Date(Math.floor(now().getTime() / 1000) * 1000 + durationSeconds * 1000)
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z')
    const accessKeyId = `STS.${randomBytes(12).toString('hex')}`
    roles.push({ roleArn: FAKE_ROLE_ARN, roleSessionName, durationSeconds, policy, accessKeyId, expiration })
    return {
      status: 200,
      body: {
        RequestId: randomUUID(),
        AssumedRoleUser: {
          Arn: `${FAKE_ROLE_ARN}/${roleSessionName}`,
          AssumedRoleId: `3${Date.now()}:${roleSessionName}`,
        },
        Credentials: {
          AccessKeyId: accessKeyId,
          AccessKeySecret: randomBytes(24).toString('base64url'),
          SecurityToken: randomBytes(48).toString('base64'),
          Expiration: expiration,
        },
      },
    }
  }

  /** Dytnsapi's number attribute: AuthCode and Mask checked, then the number's record or NUMBER_NON_EXISTENT. */
  function describeOperator(params: URLSearchParams) {
    const ok = (fields: Record<string, unknown>) => ({ status: 200, body: { RequestId: randomUUID(), ...fields } })
    if (params.get('AuthCode') !== FAKE_DYTNS_AUTH_CODE) {
      return ok({ Code: 'isv.NO_AUTH_CODE', Message: 'AuthCode is invalid or not approved' })
    }
    if (!['NORMAL', 'MD5', 'SHA256'].includes(params.get('Mask') ?? '')) {
      return ok({ Code: 'isv.INVALID_PARAMETERS', Message: 'Mask is invalid' })
    }
    const inputNumber = params.get('InputNumber') ?? ''
    lookedUp.push(inputNumber)
    const record = numbers.get(inputNumber)
    if (!record) return ok({ Code: 'isp.NUMBER_NON_EXISTENT', Message: 'no attribution for this number' })
    return ok({
      Code: 'OK',
      Message: 'OK',
      Data: {
        BasicCarrier: record.basicCarrier,
        Carrier: record.carrier,
        IsNumberPortability: record.ported,
        NumberSegment: Number(inputNumber.slice(0, 7)),
        Province: record.province,
        City: record.city,
      },
    })
  }

  const actions: Record<string, { version: string; run: typeof sendSms }> = {
    SendSms: { version: '2017-05-25', run: sendSms },
    AssumeRole: { version: '2015-04-01', run: assumeRole },
    DescribePhoneNumberOperatorAttribute: { version: '2020-02-17', run: describeOperator },
  }

  /** The bucket's objects (OSS_BUCKET), as a browser's PostObject with STS credentials would have left them. */
  const objects = new Map<string, Buffer>()
  /** Every GetObject: its key and the HTTP status answered. */
  const objectReads: { key: string; status: number }[] = []

  const ossError = (status: number, code: string, message: string) => ({
    status,
    type: 'application/xml',
    body: Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>` +
        `<RequestId>${randomUUID()}</RequestId><HostId>${FAKE_OSS_BUCKET}.fake</HostId></Error>`,
    ),
  })

  /**
   * OSS GetObject with the V1 header signature, checked as OSS does: Authorization "OSS <AccessKeyId>:<Signature>",
   * the signature base64(HMAC-SHA1(secret, "GET\n" + Content-MD5 + "\n" + Content-Type + "\n" + Date + "\n" +
   * x-oss-* headers + "/<bucket>/<key>")) by the AccessKey's secret, the Date within 15 minutes (RequestTimeTooSkewed).
   */
  function getObject(request: IncomingMessage) {
    const key = decodeURIComponent(new URL(request.url ?? '/', 'http://fake').pathname.slice(1))
    const match = /^OSS ([^:]+):(.+)$/.exec(request.headers.authorization ?? '')
    if (!match) return ossError(403, 'AccessDenied', 'You have no right to access this object.')
    if (match[1] !== FAKE_ACCESS_KEY_ID)
      return ossError(403, 'InvalidAccessKeyId', 'The OSS Access Key Id does not exist.')
    const date = String(request.headers.date ?? '')
    const ossHeaders = Object.keys(request.headers)
      .filter((name) => name.startsWith('x-oss-'))
      .sort()
      .map((name) => `${name}:${String(request.headers[name]).trim()}\n`)
      .join('')
    const toSign = [
      'GET',
      String(request.headers['content-md5'] ?? ''),
      String(request.headers['content-type'] ?? ''),
      date,
      `${ossHeaders}/${FAKE_OSS_BUCKET}/${key}`,
    ].join('\n')
    const expected = createHmac('sha1', accessKeySecret).update(toSign).digest('base64')
    if (expected.length !== match[2].length || !timingSafeEqual(Buffer.from(expected), Buffer.from(match[2])))
      return ossError(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match.')
    if (!(Math.abs(Date.parse(date) - now().getTime()) <= 15 * 60_000))
      return ossError(
        403,
        'RequestTimeTooSkewed',
        'The difference between the request time and the server time is too large.',
      )
    const object = objects.get(key)
    if (!object) return ossError(404, 'NoSuchKey', 'The specified key does not exist.')
    return { status: 200, type: 'application/octet-stream', body: object }
  }

  const server = createFakeServer(options, (request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks)
      const actionName = String(request.headers['x-acs-action'] ?? '')
      // The bucket's own requests carry no OpenAPI action.
      if (request.method === 'GET' && !actionName) {
        const answer = getObject(request)
        objectReads.push({ key: decodeURIComponent((request.url ?? '/').slice(1)), status: answer.status })
        response.writeHead(answer.status, { 'content-type': answer.type, 'content-length': answer.body.length })
        response.end(answer.body)
        return
      }
      let answer: { status: number; body: Record<string, unknown> }
      if (failNext !== null) {
        answer = error(failNext, 'ServiceUnavailable', 'The request has failed due to a temporary failure.')
        failNext = null
      } else {
        const action = actions[actionName]
        const params = new URL(request.url ?? '/', 'http://fake').searchParams
        answer =
          authenticate(request, body) ??
          (!action
            ? error(400, 'InvalidAction.NotFound', 'Specified api is not found.')
            : request.headers['x-acs-version'] !== action.version
              ? error(400, 'InvalidVersion', 'Specified parameter Version is not valid.')
              : action.run(params))
      }
      answers.push({ action: actionName, status: answer.status, code: String(answer.body.Code ?? '') })
      response.writeHead(answer.status, { 'content-type': 'application/json;charset=utf-8' })
      response.end(JSON.stringify(answer.body))
    })
  })
  const endpoint = await listenLocally(server)

  return {
    endpoint,
    sent,
    roles,
    answers,
    lookedUp,
    /** The environment of a server using this fake for SMS and/or storage. */
    env(secret = accessKeySecret): Record<string, string> {
      return {
        ALIYUN_ACCESS_KEY_ID: FAKE_ACCESS_KEY_ID,
        ALIYUN_ACCESS_KEY_SECRET: secret,
        SMS_SIGN_NAME: FAKE_SIGN_NAME,
        SMS_TEMPLATE_CODE: FAKE_TEMPLATES[0],
        SMS_TEMPLATE_CODES: `11:${FAKE_TEMPLATES[1]}`,
        ALIYUN_SMS_ENDPOINT: endpoint,
        OSS_BUCKET: FAKE_OSS_BUCKET,
        OSS_READ_ENDPOINT: endpoint,
        OSS_ENDPOINT: 'oss-cn-hangzhou.aliyuncs.com',
        STS_ROLE_ARN: FAKE_ROLE_ARN,
        ALIYUN_STS_ENDPOINT: endpoint,
        DYTNS_AUTH_CODE: FAKE_DYTNS_AUTH_CODE,
        ALIYUN_DYTNS_ENDPOINT: endpoint,
      }
    },
    credentials: () => ({ accessKeyId: FAKE_ACCESS_KEY_ID, accessKeySecret }),
    /** What a browser's PostObject with STS credentials leaves in the bucket (the upload itself goes around us). */
    putObject: (key: string, bytes: Buffer) => objects.set(key, bytes),
    objectReads,
    /** A number the carrier reports as not existing (isv.MOBILE_NUMBER_ILLEGAL). */
    unreachable: (phoneNumber: string) => unreachable.add(phoneNumber),
    notifications,
    /** The account's balance runs out (isv.AMOUNT_NOT_ENOUGH) or is topped up. */
    setBalanceEmpty: (value: boolean) => {
      balanceEmpty = value
    },
    /** 号码百科's record of a number (DescribePhoneNumberOperatorAttribute). */
    number: (phoneNumber: string, attribute: FakeNumberAttribute) => numbers.set(phoneNumber, attribute),
    /** The next request is answered with this HTTP status before any check. */
    failNext: (status: number) => {
      failNext = status
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
