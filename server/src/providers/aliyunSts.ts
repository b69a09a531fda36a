import type { AliyunSettings } from '../config'
import { errors } from '../http/errors'
import { callAliyun, type AliyunCallDeps } from './aliyunCall'
import { readOssObject } from './ossObjectRead'
import { objectKeyUnder, STS_VALIDITY_MS, userFolder, type StorageProvider } from './storage'

// GetOssSTS on Alibaba Cloud OSS: STS AssumeRole of the merchant's upload role, narrowed by an inline policy to
// PutObject under the caller's own folder (users/<userId>/, or refund-vouchers/<operatorId>/ for a reviewer), so
// the credentials cannot read, list, overwrite or delete anyone else's files even though the role may allow more.
// The app posts a PostObject form (V1 signature) to https://<bucket>.<endpoint> with them. Nothing is cached: every
// call asks STS for credentials of that caller only. Refund vouchers are read back by the server with its own AccessKey
// (ossObjectRead.ts): their folder is private, and operators see them through an operator route.

export const STS_VERSION = '2015-04-01'

/** STS refuses DurationSeconds below 900; ours is the app's cache time (20 minutes). */
export const STS_DURATION_S = Math.max(900, Math.ceil(STS_VALIDITY_MS / 1000))

export interface AliyunStsDeps extends AliyunCallDeps {
  settings: NonNullable<AliyunSettings['storage']>
}

/** The inline policy: the intersection with the role's own policy is what the credentials may do. */
export function uploadPolicy(bucket: string, dir: string): string {
  return JSON.stringify({
    Version: '1',
    Statement: [{ Effect: 'Allow', Action: ['oss:PutObject'], Resource: [`acs:oss:*:*:${bucket}/${dir}*`] }],
  })
}

/** RoleSessionName: 2–64 of [A-Za-z0-9.@_-]; it names the user in the bucket's access log and ActionTrail. */
export function roleSessionName(userId: string): string {
  return `u-${userId.replace(/[^\w.@-]/g, '-')}`.slice(0, 64)
}

interface AssumeRoleAnswer {
  Credentials?: { AccessKeyId?: string; AccessKeySecret?: string; SecurityToken?: string; Expiration?: string }
  Code?: string
  Message?: string
  RequestId?: string
}

/** The bucket's address: the app posts its form here, and objects are read at `${host}/${key}`. */
export const bucketHost = (settings: Pick<AliyunStsDeps['settings'], 'bucket' | 'ossEndpoint'>) =>
  `https://${settings.bucket}.${settings.ossEndpoint}`

export function createAliyunSts(deps: AliyunStsDeps): StorageProvider {
  const { settings, log } = deps
  return {
    sandbox: false,
    objectKeyOf(url) {
      return objectKeyUnder(url, `${bucketHost(settings)}/`)
    },

    async readObject(key, maxBytes) {
      try {
        return await readOssObject(
          {
            credentials: deps.credentials,
            bucket: settings.bucket,
            endpoint: settings.readEndpoint ?? bucketHost(settings),
            now: deps.clock.now(),
            fetch: deps.fetch,
          },
          key,
          maxBytes,
        )
      } catch (error) {
        log.error({ err: error, key }, 'Alibaba Cloud OSS GetObject failed')
        throw errors.providerUnavailable()
      }
    },

    async issueCredentials(userId, _origin, dir = userFolder(userId)) {
      const answer = await callAliyun(
        deps,
        {
          endpoint: settings.stsEndpoint,
          action: 'AssumeRole',
          version: STS_VERSION,
          params: {
            RoleArn: settings.roleArn,
            RoleSessionName: roleSessionName(userId),
            DurationSeconds: String(STS_DURATION_S),
            Policy: uploadPolicy(settings.bucket, dir),
          },
        },
        { message: 'Alibaba Cloud STS AssumeRole failed' },
      )
      const body = answer.body as AssumeRoleAnswer
      const given = body.Credentials
      const expiration = given?.Expiration ? new Date(given.Expiration) : null
      if (
        answer.status !== 200 ||
        !given?.AccessKeyId ||
        !given.AccessKeySecret ||
        !given.SecurityToken ||
        !expiration ||
        Number.isNaN(expiration.getTime())
      ) {
        log.error(
          { status: answer.status, code: body.Code, message: body.Message, requestId: body.RequestId },
          'Alibaba Cloud STS AssumeRole: error answer',
        )
        throw errors.providerUnavailable()
      }
      return {
        accessKeyId: given.AccessKeyId,
        accessKeySecret: given.AccessKeySecret,
        securityToken: given.SecurityToken,
        expiration: expiration.toISOString(),
        bucket: settings.bucket,
        host: bucketHost(settings),
        dir,
      }
    },
  }
}
