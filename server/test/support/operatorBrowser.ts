import type { InjectOptions } from 'fastify'
import type { ApiEnvelope } from '@contract/envelope'
import type { OperatorSession } from '@contract/operators'
import type { TestApp } from './testApp'

// An operator's browser against the test app: the cookies it keeps (session, device) and the CSRF token it sends.

export interface Reply<T> {
  status: number
  headers: Record<string, unknown>
  body: ApiEnvelope<T>
}

export class OperatorBrowser {
  private readonly cookies = new Map<string, string>()
  csrfToken: string | null = null

  constructor(
    private readonly t: TestApp,
    /** Where its requests come from (a laptop changes networks). */
    public address = '10.0.0.1',
  ) {}

  private remember(setCookie: unknown): void {
    for (const line of [setCookie].flat().filter((one): one is string => typeof one === 'string')) {
      const [pair, ...attributes] = line.split(';')
      const [name, value] = pair.split('=')
      if (attributes.some((attribute) => attribute.trim() === 'Max-Age=0')) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name)
  }

  async call<T>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<Reply<T>> {
    const response = await this.t.app.inject({
      method,
      url,
      remoteAddress: this.address,
      headers: {
        ...(this.cookies.size > 0
          ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
          : {}),
        ...(method === 'POST' && this.csrfToken ? { 'x-csrf-token': this.csrfToken } : {}),
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      payload: payload as InjectOptions['payload'],
    })
    this.remember(response.headers['set-cookie'])
    return { status: response.statusCode, headers: response.headers, body: response.json() as ApiEnvelope<T> }
  }

  /** POST /api/operator/login; a session's CSRF token is kept for the writes that follow. */
  async login(input: { loginName: string; password: string; totpCode?: string; recoveryCode?: string }) {
    const reply = await this.call<OperatorSession>('POST', '/api/operator/login', input)
    if (reply.body.success && reply.body.data) this.csrfToken = reply.body.data.csrfToken
    return reply
  }
}
