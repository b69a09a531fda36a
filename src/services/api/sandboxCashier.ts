import { request } from '../http/client'

// Development-only calls of the reference server's sandbox payment provider (not SPEC endpoints; refused when the
// server runs a real provider).

export interface SandboxPayInput {
  orderNo: string
}

/** POST /api/dev/pay/confirm — the sandbox pays the order: the server then receives the payment notification. */
export function confirmSandboxPayment(input: SandboxPayInput): Promise<void> {
  return request<void>({ method: 'POST', url: '/api/dev/pay/confirm', data: input })
}

/** POST /api/dev/pay/cancel — the payer backed out: the order stays unpaid. */
export function cancelSandboxPayment(input: SandboxPayInput): Promise<void> {
  return request<void>({ method: 'POST', url: '/api/dev/pay/cancel', data: input })
}
