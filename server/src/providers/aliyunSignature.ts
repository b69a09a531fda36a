import { createHash, createHmac, randomUUID } from 'node:crypto'

// Alibaba Cloud's API request signature V3 (ACS3-HMAC-SHA256), shared by every Alibaba Cloud OpenAPI call we make
// (Dysmsapi SendSms, STS AssumeRole). V3 rather than the RPC "V2" HMAC-SHA1 over `POST&%2F&…`: Alibaba Cloud's
// documentation marks V2 discontinued and points new code at V3, which also signs the Host, the action, the version
// and a hash of the body (V2 signs only the parameters). Parameters go in the query and the body stays empty, as the
// RPC style allows; docs/decisions/sms-and-storage.md.

export const ACS3_ALGORITHM = 'ACS3-HMAC-SHA256'

/** Alibaba Cloud's percent-encoding: RFC 3986 (unreserved A-Z a-z 0-9 - _ . ~ kept, space as %20, `*` as %2A). */
export function percentEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

export interface AliyunCredentials {
  accessKeyId: string
  accessKeySecret: string
}

/** What V3 signs; `headers` are lower-case names with the values sent. */
export interface SignedRequest {
  method: string
  query: Record<string, string>
  headers: Record<string, string>
  body: string
}

/** The canonical request: method, `/`, sorted encoded query, signed headers, their names, the body's SHA-256. */
export function canonicalRequest(request: SignedRequest): { text: string; signedHeaders: string } {
  const query = Object.keys(request.query)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(request.query[key])}`)
    .join('&')
  const names = Object.keys(request.headers)
    .map((name) => name.toLowerCase())
    .sort()
  const lower = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]))
  const headers = names.map((name) => `${name}:${lower[name].trim()}\n`).join('')
  const signedHeaders = names.join(';')
  const text = [request.method.toUpperCase(), '/', query, headers, signedHeaders, sha256Hex(request.body)].join('\n')
  return { text, signedHeaders }
}

/** The `Authorization` header value: HMAC-SHA256 (hex) by the AccessKey secret over `ACS3-HMAC-SHA256\n<hash>`. */
export function acs3Authorization(credentials: AliyunCredentials, request: SignedRequest): string {
  const { text, signedHeaders } = canonicalRequest(request)
  const stringToSign = `${ACS3_ALGORITHM}\n${sha256Hex(text)}`
  const signature = createHmac('sha256', credentials.accessKeySecret).update(stringToSign, 'utf8').digest('hex')
  return `${ACS3_ALGORITHM} Credential=${credentials.accessKeyId},SignedHeaders=${signedHeaders},Signature=${signature}`
}

/** V3's x-acs-date: ISO 8601 UTC to the second. */
export function acsDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z')
}

export interface RpcCall {
  /** The product's endpoint, e.g. https://dysmsapi.aliyuncs.com; tests point it at a local fake. */
  endpoint: string
  action: string
  version: string
  params: Record<string, string>
  credentials: AliyunCredentials
  now: Date
  fetch?: typeof fetch
  /** Fixed in tests that replay a request; a fresh UUID otherwise (Alibaba Cloud refuses a nonce seen before). */
  nonce?: string
}

export interface RpcAnswer {
  status: number
  /** The JSON answer: `Code`/`Message` on errors (SendSms answers `Code` on success too), `RequestId` always. */
  body: Record<string, unknown>
}

/** One signed RPC-style call. Throws on network failure or an answer that is not JSON; any status is returned. */
export async function callAliyunRpc(call: RpcCall): Promise<RpcAnswer> {
  const url = new URL(call.endpoint)
  const body = ''
  const headers: Record<string, string> = {
    host: url.host,
    'x-acs-action': call.action,
    'x-acs-version': call.version,
    'x-acs-date': acsDate(call.now),
    'x-acs-signature-nonce': call.nonce ?? randomUUID(),
    'x-acs-content-sha256': sha256Hex(body),
  }
  const authorization = acs3Authorization(call.credentials, { method: 'POST', query: call.params, headers, body })
  const query = Object.keys(call.params)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(call.params[key])}`)
    .join('&')
  // fetch sends Host itself (the same url.host that was signed); it refuses to be given one.
  const { host: _host, ...sent } = headers
  const response = await (call.fetch ?? fetch)(`${url.origin}/?${query}`, {
    method: 'POST',
    headers: { ...sent, authorization, accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  })
  const text = await response.text()
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new Error(`Alibaba Cloud ${call.action}: HTTP ${response.status}, answer is not JSON`)
  }
  if (!parsed || typeof parsed !== 'object') throw new Error(`Alibaba Cloud ${call.action}: answer is not an object`)
  return { status: response.status, body: parsed as Record<string, unknown> }
}
