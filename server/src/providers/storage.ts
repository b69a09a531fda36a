import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { join, normalize, sep } from 'node:path'
import { eq } from 'drizzle-orm'
import type { OssSts } from '@contract/account'
import type { Clock } from '../clock'
import type { Db } from '../db/database'
import { ossCredentials } from '../db/schema'
import type { StoredObject } from './ossObjectRead'

/** Temporary upload credentials live exactly as long as the app caches them (OSS_STS_CACHE_MS, 20 minutes). */
export const STS_VALIDITY_MS = 20 * 60 * 1000

export const SANDBOX_BUCKET = 'life-pay-sandbox'

/** The sandbox bucket's address: form POST uploads here, objects are read at `${OSS_PATH}/${key}`. */
export const OSS_PATH = '/static/oss'

export interface StorageProvider {
  readonly sandbox: boolean
  /**
   * Upload credentials for `ownerId` (a user's or an operator's id) that may only put objects under `dir`: the
   * user's own folder for GetOssSTS, or a folder the caller names (refund vouchers, modules/operator/refundVoucher.ts).
   */
  issueCredentials(ownerId: string, origin: string, dir?: string): Promise<OssSts>
  /** The object key when `url` names an object of this bucket (origin: the sandbox bucket's own address); else null. */
  objectKeyOf(url: string, origin: string): string | null
  /**
   * The object's bytes, read by the server itself, when it exists and holds at most `maxBytes`: refund vouchers are
   * checked by their content and served to operators through the server, never read from the bucket by a browser.
   */
  readObject(key: string, maxBytes: number): Promise<StoredObject>
}

/** A user's own folder: GetOssSTS credentials put objects here only. */
export const userFolder = (userId: string) => `users/${userId}/`

/** A key names a file inside its folder: no '..', '.', empty or backslashed segments. */
export function isPlainObjectKey(key: string): boolean {
  return key
    .split('/')
    .every((segment) => segment !== '' && segment !== '.' && segment !== '..' && !segment.includes('\\'))
}

/** The key of `url` when it is `base` followed by a plain key (no query, no fragment); else null. */
export function objectKeyUnder(url: string, base: string): string | null {
  if (!url.startsWith(base) || /[?#]/.test(url)) return null
  let key: string
  try {
    key = decodeURIComponent(url.slice(base.length))
  } catch {
    return null
  }
  return key !== '' && isPlainObjectKey(key) ? key : null
}

/** Fields of an OSS PostObject form (V1 signature). */
export interface OssUploadFields {
  key?: string
  policy?: string
  OSSAccessKeyId?: string
  Signature?: string
  'x-oss-security-token'?: string
}

export interface SandboxStorage extends StorageProvider {
  /** The object key when the form's credentials, signature, policy and key prefix hold; null otherwise. */
  verifyUpload(fields: OssUploadFields): Promise<string | null>
  /** Where an object is kept on disk; null for keys that would leave the bucket folder. */
  objectPath(key: string): string | null
}

const random = (bytes: number) => randomBytes(bytes).toString('base64url')

/** OSS V1 form signature: base64(HMAC-SHA1(accessKeySecret, policy)). */
export function signOssPolicy(policy: string, accessKeySecret: string): string {
  return createHmac('sha1', accessKeySecret).update(policy).digest('base64')
}

export function createSandboxStorage(db: Db, clock: Clock, folder: string): SandboxStorage {
  function objectPath(key: string): string | null {
    const path = normalize(join(folder, key))
    return key !== '' && !key.startsWith('/') && path.startsWith(folder + sep) ? path : null
  }

  return {
    sandbox: true,
    objectPath,

    objectKeyOf(url, origin) {
      const key = objectKeyUnder(url, `${origin}${OSS_PATH}/`)
      return key && objectPath(key) ? key : null
    },

    async readObject(key, maxBytes) {
      const path = isPlainObjectKey(key) ? objectPath(key) : null
      const info = path ? await stat(path).catch(() => null) : null
      if (!path || !info?.isFile()) return 'missing'
      if (info.size > maxBytes) return 'tooLarge'
      return { bytes: await readFile(path) }
    },

    async issueCredentials(ownerId, origin, dir = userFolder(ownerId)) {
      const now = clock.now()
      const expiresAt = new Date(now.getTime() + STS_VALIDITY_MS)
      const credentials = {
        accessKeyId: `STS.${random(12)}`,
        accessKeySecret: random(24),
        securityToken: random(48),
        userId: ownerId,
        dir,
        expiresAt,
        creationTime: now,
      }
      await db.insert(ossCredentials).values(credentials)
      return {
        accessKeyId: credentials.accessKeyId,
        accessKeySecret: credentials.accessKeySecret,
        securityToken: credentials.securityToken,
        expiration: expiresAt.toISOString(),
        bucket: SANDBOX_BUCKET,
        host: `${origin}${OSS_PATH}`,
        dir: credentials.dir,
      }
    },

    async verifyUpload(fields) {
      const { key, policy, OSSAccessKeyId, Signature } = fields
      if (!key || !policy || !OSSAccessKeyId || !Signature) return null
      const [credentials] = await db.select().from(ossCredentials).where(eq(ossCredentials.accessKeyId, OSSAccessKeyId))
      const now = clock.now()
      if (!credentials || credentials.expiresAt <= now) return null
      if (fields['x-oss-security-token'] !== credentials.securityToken) return null
      const expected = Buffer.from(signOssPolicy(policy, credentials.accessKeySecret))
      const given = Buffer.from(Signature)
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
      try {
        const decoded = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as { expiration?: string }
        if (!decoded.expiration || new Date(decoded.expiration) <= now) return null
      } catch {
        return null
      }
      // No '..' or empty segments: the key must name a file inside the folder the credentials allow.
      if (!isPlainObjectKey(key)) return null
      if (!key.startsWith(credentials.dir) || !objectPath(key)) return null
      return key
    },
  }
}
