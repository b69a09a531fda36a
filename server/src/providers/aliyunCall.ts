import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../clock'
import { errors } from '../http/errors'
import { callAliyunRpc, type AliyunCredentials, type RpcAnswer, type RpcCall } from './aliyunSignature'

// One Alibaba Cloud call on behalf of a user, shared by the SMS and STS adapters: signed with the merchant's AccessKey
// at the clock's time. A call that does not come back (network failure, an answer that is not JSON) is logged with
// its cause and reaches the user as providerUnavailable; any answer that does come back is the adapter's to read,
// since each product words its refusals differently (Dysmsapi answers HTTP 200 with an isv.* Code).

/** What every Alibaba Cloud adapter is built with, besides its own settings. */
export interface AliyunCallDeps {
  credentials: AliyunCredentials
  clock: Clock
  log: FastifyBaseLogger
  fetch?: typeof fetch
}

export async function callAliyun(
  deps: AliyunCallDeps,
  call: Pick<RpcCall, 'endpoint' | 'action' | 'version' | 'params'>,
  /** The log line when the call does not come back, and what else it should name (never a secret or a code). */
  failure: { message: string; context?: Record<string, unknown> },
): Promise<RpcAnswer> {
  try {
    return await callAliyunRpc({ ...call, credentials: deps.credentials, now: deps.clock.now(), fetch: deps.fetch })
  } catch (error) {
    deps.log.error({ err: error, ...failure.context }, failure.message)
    throw errors.providerUnavailable()
  }
}
