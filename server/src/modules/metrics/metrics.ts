import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client'

// What on-call reads off a running instance (Prometheus text format at /metrics, modules/metrics/routes.ts): the
// process's own figures (requests, provider calls, event loop, memory) from this instance, and the money's state
// from the database (databaseGauges.ts), the same on every instance. docs/deploy.md § Monitoring lists the alerts.

/** Request latency buckets (seconds): an API answer is tens of milliseconds; a provider call within it up to 10 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

export interface Metrics {
  registry: Registry
  /** By method, route template (not the URL: no order numbers in labels) and status class. */
  httpRequests: Histogram<'method' | 'route' | 'status'>
  /** Every call to a payment provider, the supplier, SMS, notifications…: by provider, operation and outcome. */
  providerCalls: Histogram<'provider' | 'operation' | 'outcome'>
  /** Provider calls that failed (threw), by provider and operation: their failure rate's numerator. */
  providerFailures: Counter<'provider' | 'operation'>
}

/**
 * The process's own figures (CPU, memory, event loop lag, handles), one registry per process however many apps it
 * runs (the tests run hundreds): made on the first scrape, merged into each app's answer.
 */
let processRegistry: Registry | null = null
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry, prefix: 'lifepay_' })
  }
  return processRegistry
}

export function createMetrics(): Metrics {
  const registry = new Registry()
  return {
    registry,
    httpRequests: new Histogram({
      name: 'lifepay_http_request_duration_seconds',
      help: 'API requests by method, route template and status class',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    providerCalls: new Histogram({
      name: 'lifepay_provider_call_duration_seconds',
      help: 'Calls to payment providers, the recharge supplier, SMS, notifications and identity, by outcome',
      labelNames: ['provider', 'operation', 'outcome'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    providerFailures: new Counter({
      name: 'lifepay_provider_call_failures_total',
      help: 'Provider calls that failed (unreachable, past the deadline, an error answer), by provider and operation',
      labelNames: ['provider', 'operation'],
      registers: [registry],
    }),
  }
}
