import { createHmac } from 'node:crypto'
import type { AliyunCredentials } from './aliyunSignature'
import { timedFetch } from './timedFetch'

// The server reading one object of its own bucket (GetObject), signed with its AccessKey by OSS's V1 header
// signature: Authorization = "OSS " + AccessKeyId + ":" + base64(HMAC-SHA1(secret, VERB \n Content-MD5 \n
// Content-Type \n Date \n CanonicalizedOSSHeaders CanonicalizedResource)), the resource being /<bucket>/<key>. Refund
// vouchers live in a private folder: only this read (and the operator route that serves it) reaches them.

/** What a read of a bounded object found. */
export type StoredObject = { bytes: Buffer } | 'missing' | 'tooLarge'

export interface OssObjectRead {
  credentials: AliyunCredentials
  bucket: string
  /** Where the server reads the bucket (its public or, on Alibaba Cloud's network, internal endpoint), with scheme. */
  endpoint: string
  now: Date
  fetch?: typeof fetch
}

/** The V1 signature of a GetObject of `key` at `date` (an HTTP date). */
export function ossGetSignature(secret: string, bucket: string, key: string, date: string): string {
  return createHmac('sha1', secret).update(`GET\n\n\n${date}\n/${bucket}/${key}`).digest('base64')
}

/**
 * The object's bytes when it exists and holds at most `maxBytes` ('tooLarge' is told by its Content-Length, before
 * its body is read). Throws when OSS cannot be reached or answers an error other than a missing key.
 */
export async function readOssObject(read: OssObjectRead, key: string, maxBytes: number): Promise<StoredObject> {
  const date = read.now.toUTCString()
  const signature = ossGetSignature(read.credentials.accessKeySecret, read.bucket, key, date)
  const url = `${read.endpoint.replace(/\/+$/, '')}/${key.split('/').map(encodeURIComponent).join('/')}`
  const response = await timedFetch(read.fetch ?? fetch)(url, {
    headers: { date, authorization: `OSS ${read.credentials.accessKeyId}:${signature}` },
  })
  if (response.status === 404) {
    await response.body?.cancel()
    return 'missing'
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '')
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? 'unknown'
    throw new Error(`OSS GetObject answered HTTP ${response.status} ${code}`)
  }
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel()
    return 'tooLarge'
  }
  const bytes = Buffer.from(await response.arrayBuffer())
  return bytes.length > maxBytes ? 'tooLarge' : { bytes }
}
