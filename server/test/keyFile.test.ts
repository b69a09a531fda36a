import assert from 'node:assert/strict'
import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { readKeyFile } from '../src/providers/keyFile'

test('a provider key file is read as a key, and a missing or wrong one stops the start naming its setting', () => {
  const dir = mkdtempSync(join(tmpdir(), 'life-pay-keys-'))
  try {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    writeFileSync(join(dir, 'private.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }))
    writeFileSync(join(dir, 'public.pem'), publicKey.export({ type: 'spki', format: 'pem' }))
    writeFileSync(join(dir, 'notes.txt'), 'not a key')
    assert.equal(readKeyFile('private', join(dir, 'private.pem'), 'WXPAY_MCH_PRIVATE_KEY_FILE').type, 'private')
    assert.equal(readKeyFile('public', join(dir, 'public.pem'), 'ALIPAY_PUBLIC_KEY_FILE').type, 'public')
    assert.throws(
      () => readKeyFile('private', join(dir, 'missing.pem'), 'ALIPAY_PRIVATE_KEY_FILE'),
      /^Error: ALIPAY_PRIVATE_KEY_FILE: cannot read .*missing\.pem/,
    )
    assert.throws(
      () => readKeyFile('public', join(dir, 'notes.txt'), 'WXPAY_PUBLIC_KEY_FILE'),
      /^Error: WXPAY_PUBLIC_KEY_FILE: not a PEM public key/,
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
