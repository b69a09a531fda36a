import type { OssSts } from '@contract/account'
import { signOssPolicy } from '../../src/providers/storage'
import type { TestApp } from './testApp'

// What the app (and the console) do with upload credentials: an OSS PostObject form to the sandbox bucket.

/** A 1×1 PNG: an image by its bytes, as a refund voucher must be. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

export function multipartForm(
  fields: Record<string, string>,
  file: Buffer,
  fileType = 'image/png',
): { payload: Buffer; contentType: string } {
  const boundary = '----lifepay' + Date.now()
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  )
  const head = Buffer.from(
    parts.join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: ${fileType}\r\n\r\n`,
  )
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}

/** The PostObject fields for `key`, the policy signed with `secret` (the credentials' own unless a test forges). */
export function ossFormFields(t: TestApp, sts: OssSts, key: string, secret = sts.accessKeySecret) {
  const policy = Buffer.from(
    JSON.stringify({ expiration: new Date(t.clock.now().getTime() + 60_000).toISOString(), conditions: [] }),
  ).toString('base64')
  return {
    key,
    policy,
    OSSAccessKeyId: sts.accessKeyId,
    Signature: signOssPolicy(policy, secret),
    'x-oss-security-token': sts.securityToken,
  }
}

/** Posts `file` as `key` to the sandbox bucket with the credentials. */
export function uploadToSandbox(t: TestApp, sts: OssSts, key: string, file: Buffer, secret?: string) {
  const { payload, contentType } = multipartForm(ossFormFields(t, sts, key, secret), file)
  return t.app.inject({ method: 'POST', url: '/static/oss', payload, headers: { 'content-type': contentType } })
}
