import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto'
import { readFileSync } from 'node:fs'

/**
 * A provider's PEM key file (WeChat Pay's merchant and platform keys, Alipay's app and Alipay keys) as a key object.
 * A file that cannot be read or is not a key of that kind stops the start, naming its setting: an operator fixes
 * settings, not stack traces.
 */
export function readKeyFile(kind: 'private' | 'public', file: string, setting: string): KeyObject {
  const pem = readSettingFile(file, setting)
  try {
    return kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem)
  } catch (error) {
    throw new Error(`${setting}: not a PEM ${kind} key (${(error as Error).message})`)
  }
}

/** A file named by a setting (a key, a certificate); one that cannot be read stops the start, naming the setting. */
export function readSettingFile(file: string, setting: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    throw new Error(`${setting}: cannot read ${file} (${(error as Error).message})`)
  }
}
