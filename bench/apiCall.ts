import type { ApiEnvelope } from '@contract/envelope'

/** The virtual-login identity header of the recharge module (server/src/http/auth.ts). */
export const LIFE_PAY_USER_HEADER = 'X-LifePay-User-Id'

/** One API call as the app makes it; the envelope's data, or an error naming the call when success is false. */
export async function apiCall<T>(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  userId?: string,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(userId ? { [LIFE_PAY_USER_HEADER]: userId } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const envelope = (await response.json()) as ApiEnvelope<T>
  if (!envelope.success)
    throw new Error(`${method} ${path} → HTTP ${response.status}: ${envelope.error ?? ''} ${envelope.msg ?? ''}`)
  return envelope.data as T
}
