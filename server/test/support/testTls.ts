import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { rootCertificates } from 'node:tls'
import { Agent, setGlobalDispatcher } from 'undici'
import { issueCertificate, type DistinguishedName } from './testCertificates'

// TLS for the fakes, so the production-mode tests call every vendor over https as production must: a certificate
// authority made for this test process (never committed, never trusted outside it) and one server certificate for
// localhost and 127.0.0.1 that every fake serves. This process trusts the authority beside the public roots through
// undici's global dispatcher, which Node's fetch uses (undici is pinned to the major Node bundles: 6 on Node 20); a
// server started as a child process is given `caFile` as NODE_EXTRA_CA_CERTS, as a deployment would trust an extra
// authority (docs/deploy.md).

export interface TestTls {
  /** The authority's certificate (PEM). */
  ca: string
  /** The same in a file, for NODE_EXTRA_CA_CERTS of a child process. */
  caFile: string
  /** The fakes' server key and certificate (node:https createServer options). */
  key: string
  cert: string
}

let made: TestTls | null = null

/** The process's test authority and server certificate, made once, and trusted by this process's fetch. */
export function testTls(): TestTls {
  if (made) return made
  // An Agent of another undici major may not speak the handler protocol of the fetch Node bundles.
  if (!process.versions.undici?.startsWith('6.'))
    throw new Error(`Node bundles undici ${process.versions.undici}: pin the undici devDependency to that major`)
  const authority = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const server = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const authorityName: DistinguishedName = [
    ['O', 'Life Pay tests'],
    ['CN', `Life Pay test authority ${randomBytes(4).toString('hex')}`],
  ]
  const ca = issueCertificate({
    serialHex: randomBytes(8).toString('hex'),
    issuer: authorityName,
    subject: authorityName,
    publicKey: authority.publicKey,
    issuerKey: authority.privateKey,
    extensions: { certificateAuthority: true },
  })
  const cert = issueCertificate({
    serialHex: randomBytes(8).toString('hex'),
    issuer: authorityName,
    subject: [['CN', 'localhost']],
    publicKey: server.publicKey,
    issuerKey: authority.privateKey,
    extensions: { dnsNames: ['localhost'], ipAddresses: ['127.0.0.1'] },
  })
  const caFile = join(mkdtempSync(join(tmpdir(), 'life-pay-test-ca-')), 'ca.pem')
  writeFileSync(caFile, ca)
  setGlobalDispatcher(new Agent({ connect: { ca: [...rootCertificates, ca] } }))
  made = { ca, caFile, key: server.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, cert }
  return made
}
