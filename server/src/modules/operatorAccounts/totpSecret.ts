import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

// An operator's TOTP key must be readable by the server (it computes the codes), so it is sealed rather than hashed:
// AES-256-GCM under a key derived from JWT_SECRET, bound to the operator's id, so a copy of the table gives no codes
// and a sealed key moved to another row opens for no one. Rotating JWT_SECRET therefore unseals none of them:
// operators then log in with a recovery code, or are reset by an admin, and enrol again (docs/server.md).

const VERSION = 'v1'

function sealingKey(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'life-pay', 'operator-totp-key', 32))
}

export function sealTotpKey(jwtSecret: string, operatorId: string, key: Buffer): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', sealingKey(jwtSecret), iv).setAAD(Buffer.from(operatorId))
  const sealed = Buffer.concat([cipher.update(key), cipher.final()])
  return [VERSION, iv, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

/** The key, or null when it cannot be opened (another JWT_SECRET, another operator's row, a damaged value). */
export function openTotpKey(jwtSecret: string, operatorId: string, sealed: string): Buffer | null {
  const [version, iv, data, tag] = sealed.split('.')
  if (version !== VERSION || !iv || !data || !tag) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(jwtSecret), Buffer.from(iv, 'base64url'))
    decipher.setAAD(Buffer.from(operatorId)).setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()])
  } catch {
    return null
  }
}
