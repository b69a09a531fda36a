import { Client } from 'pg'

/** What a listener reports: notifications, and whether it is listening (none may have been missed). */
export interface NotificationHandlers {
  /** A notification on one of the channels, delivered after the transaction that sent it committed. */
  notify(channel: string, payload: string): void
  /** false as soon as the connection is lost (notifications may be missed meanwhile), true once listening again. */
  listening(listening: boolean): void
}

export type StopListening = () => Promise<void>

const RECONNECT_MIN_MS = 100
const RECONNECT_MAX_MS = 5_000

/**
 * LISTEN on a dedicated connection (outside the pool: a pooled client is handed to other queries), reconnecting
 * with backoff whenever it is lost. Resolves once the first LISTEN is in place or has failed (then it retries).
 */
export function listenPostgres(
  connectionString: string,
  channels: string[],
  handlers: NotificationHandlers,
): Promise<StopListening> {
  let stopped = false
  let client: Client | null = null
  let retryTimer: NodeJS.Timeout | null = null
  let delayMs = RECONNECT_MIN_MS
  let firstAttempt: (() => void) | null = null
  const firstAttemptDone = new Promise<void>((resolve) => (firstAttempt = resolve))

  const lost = (lostClient: Client) => {
    if (client !== lostClient) return
    client = null
    handlers.listening(false)
    lostClient.removeAllListeners('notification')
    lostClient.end().catch(() => undefined)
    if (stopped) return
    retryTimer = setTimeout(connect, delayMs)
    delayMs = Math.min(delayMs * 2, RECONNECT_MAX_MS)
  }

  async function connect(): Promise<void> {
    retryTimer = null
    const candidate = new Client({ connectionString })
    client = candidate
    candidate.on('error', () => lost(candidate))
    candidate.on('end', () => lost(candidate))
    candidate.on('notification', (message) => handlers.notify(message.channel, message.payload ?? ''))
    try {
      await candidate.connect()
      for (const channel of channels) await candidate.query(`LISTEN "${channel.replace(/"/g, '""')}"`)
      if (stopped || client !== candidate) return
      delayMs = RECONNECT_MIN_MS
      handlers.listening(true)
    } catch {
      lost(candidate)
    } finally {
      firstAttempt?.()
      firstAttempt = null
    }
  }

  void connect()
  return firstAttemptDone.then(() => async () => {
    stopped = true
    if (retryTimer) clearTimeout(retryTimer)
    const current = client
    client = null
    if (current) {
      current.removeAllListeners()
      current.on('error', () => undefined)
      await current.end().catch(() => undefined)
    }
    handlers.listening(false)
  })
}
