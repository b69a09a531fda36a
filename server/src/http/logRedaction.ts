import type { FastifyRequest } from 'fastify'

// Logs leave the server (files, collectors, people's screens), so they carry no personal data: phone numbers,
// account numbers and names arrive as request parameters, and a database error repeats them — drizzle's message and
// stack end with `params: …` (every value of the statement), PostgreSQL's `detail` quotes the offending row.

/** Query parameters that name nothing personal, logged as they are; every other value is replaced. */
const PLAIN_QUERY = new Set(['channelId', 'orderNo', 'id', 'pageIndex', 'pageSize', 'lifePayType', 'lifePayOrderType'])
/** Error fields that hold a statement's values or a row's content. */
const HIDDEN_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'body', 'payload', 'requestBody'])
const REDACTED = '[redacted]'

// Mainland mobile numbers (what login, SMS and phone top-ups carry), masked as the app masks them.
const MOBILE = /(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)/g

function scrub(text: string): string {
  return text.replace(/^(\s*params:) .*$/gm, `$1 ${REDACTED}`).replace(MOBILE, '$1****$2')
}

/** A URL with the values of its query replaced, but for the few that are not personal. */
export function redactedUrl(url: string): string {
  const mark = url.indexOf('?')
  if (mark < 0) return url
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const [name] = pair.split('=', 1)
      return PLAIN_QUERY.has(decodeURIComponentSafe(name)) || !pair.includes('=') ? pair : `${name}=${REDACTED}`
    })
    .join('&')
  return `${url.slice(0, mark)}?${query}`
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

interface SerializedError {
  [key: string]: unknown
  type: string
  message: string
  stack: string
}

/** pino's `err` serializer, without the values a failed statement or a refused row would repeat. */
export function redactedError(error: Error, depth = 0): SerializedError {
  const out: SerializedError = {
    type: error.constructor.name,
    message: scrub(error.message),
    stack: scrub(error.stack ?? ''),
  }
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause' || key === 'message' || key === 'stack') continue
    out[key] = HIDDEN_FIELDS.has(key) ? REDACTED : typeof value === 'string' ? scrub(value) : value
  }
  if (error.cause instanceof Error && depth < 5) out.cause = redactedError(error.cause, depth + 1)
  else if (error.cause !== undefined) out.cause = typeof error.cause === 'string' ? scrub(error.cause) : REDACTED
  return out
}

/** pino's `req` serializer: Fastify's fields, the URL's personal query values replaced. */
export function redactedRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}

export const logSerializers = { err: redactedError, req: redactedRequest }
