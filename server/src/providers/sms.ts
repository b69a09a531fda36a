import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../clock'
import type { Executor } from '../db/database'
import { smsOutbox } from '../db/schema'

export interface SmsMessage {
  phoneNumber: string
  businessType: number
  code: string
  text: string
}

export interface SmsProvider {
  /** The sandbox keeps messages in `sms_outbox` (GET /api/dev/sms-outbox) instead of sending them. */
  readonly sandbox: boolean
  /** Sends within the transaction that stores the code, so a code is never sent without being stored. */
  send(executor: Executor, message: SmsMessage): Promise<void>
}

export function createSandboxSms(clock: Clock, log: FastifyBaseLogger): SmsProvider {
  return {
    sandbox: true,
    async send(executor, message) {
      await executor.insert(smsOutbox).values({ ...message, creationTime: clock.now() })
      log.info(
        { phoneNumber: message.phoneNumber, businessType: message.businessType, code: message.code },
        'sandbox SMS',
      )
    },
  }
}
