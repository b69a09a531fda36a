import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from './clock'
import type { ServerConfig } from './config'
import type { Db } from './db/database'
import type { JobQueue } from './jobs/jobQueue'
import type { OrderPageCache } from './modules/lifePay/orderPageCache'
import type { ParValueCache } from './modules/lifePay/parValueCache'
import type { RateCache } from './modules/lifePay/rateCache'
import type { CarrierLookupProvider } from './providers/carrierLookup'
import type { IdentityProvider } from './providers/identity'
import type { PaymentProviders } from './providers/payment'
import type { SandboxPayment } from './providers/sandboxPayment'
import type { NotificationProviders } from './providers/notification'
import type { SmsProvider } from './providers/sms'
import type { SandboxStorage, StorageProvider } from './providers/storage'
import type { SupplierProvider } from './providers/supplier'
import type { RateLimiter } from './modules/abuse/rateLimiter'
import type { CredentialCache } from './cache/credentialCache'
import type { Metrics } from './modules/metrics/metrics'

export interface Providers {
  sms: SmsProvider
  identity: IdentityProvider
  /** By pay type: WxPay orders to one provider, AliPay orders to another (modules/lifePay/paymentFor.ts). */
  payment: PaymentProviders
  supplier: SupplierProvider
  storage: StorageProvider
  /** By channel: WeChat and Alipay subscribe messages, SMS (issue 20; sandbox records them). */
  notifications: NotificationProviders
  /** Which carrier serves a phone number today (issue 20): the sandbox's guess, or Alibaba Cloud 号码百科. */
  carrierLookup: CarrierLookupProvider
}

/** The sandbox side of providers that have dev routes (null when a real provider is configured). */
export interface Sandboxes {
  payment: SandboxPayment | null
  storage: SandboxStorage | null
}

/** Everything a module needs, injected by buildApp: no module reaches for global state. */
export interface AppContext {
  db: Db
  config: ServerConfig
  clock: Clock
  jobs: JobQueue
  /** Serialized first order pages per user; orderTransaction and the change listener keep it current. */
  orderPages: OrderPageCache
  rates: RateCache
  /** The face values on offer, checked by Create…Order; the price list's notification keeps it current. */
  parValues: ParValueCache
  /** Revocation state of login families and virtual logins, checked on every authenticated request. */
  credentials: CredentialCache
  /** Abuse limits' counters, shared by every instance (modules/abuse). */
  limiter: RateLimiter
  providers: Providers
  sandboxes: Sandboxes
  log: FastifyBaseLogger
  random: () => number
  /** The process's Prometheus registry and its timers (modules/metrics). */
  metrics: Metrics
}
