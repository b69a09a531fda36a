// autocannon ships no types; this is the part of its programmatic API the benches use (README § API).
declare module 'autocannon' {
  export interface AutocannonResult {
    requests: { average: number }
    latency: { p50: number; p99: number }
    /** Connection errors, timeouts included. */
    errors: number
    non2xx: number
    mismatches: number
    '2xx': number
  }
  export interface AutocannonRequest {
    method?: string
    body?: string
    headers?: Record<string, string>
    setupRequest?: (request: AutocannonRequest) => AutocannonRequest
  }
  export default function autocannon(options: Record<string, unknown>): Promise<AutocannonResult>
}
