import { sign, type KeyObject } from 'node:crypto'

// X.509 certificates made in the test, so the Alipay certificate mode (and TLS to the fakes, support/testTls.ts) is
// exercised on certificates Node's own parser reads, without openssl or a PKI package: a few DER encoders and one
// signature. Names, serials and validity are the
// caller's, so a fake can compute what Alipay computes from its own inputs rather than by parsing what we parse.

function length(size: number): Buffer {
  if (size < 0x80) return Buffer.from([size])
  const bytes: number[] = []
  for (let rest = size; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff)
  return Buffer.from([0x80 | bytes.length, ...bytes])
}

const tlv = (tag: number, content: Buffer) => Buffer.concat([Buffer.from([tag]), length(content.length), content])
const sequence = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts))
const set = (...parts: Buffer[]) => tlv(0x31, Buffer.concat(parts))

function objectIdentifier(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map(Number)
  const bytes = [first * 40 + second]
  for (const arc of rest) {
    const chunk = [arc & 0x7f]
    for (let value = arc >> 7; value > 0; value >>= 7) chunk.unshift((value & 0x7f) | 0x80)
    bytes.push(...chunk)
  }
  return tlv(0x06, Buffer.from(bytes))
}

/** A positive INTEGER from hex digits (a leading zero byte when the top bit is set). */
function integer(hex: string): Buffer {
  let bytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex')
  if (bytes[0] & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes])
  return tlv(0x02, bytes)
}

const utcTime = (date: Date) =>
  tlv(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`, 'ascii'))

const ATTRIBUTE_OIDS = { C: '2.5.4.6', O: '2.5.4.10', OU: '2.5.4.11', CN: '2.5.4.3' } as const

/** A distinguished name, attributes in the order given (Alipay's: C, O, OU, CN). */
export type DistinguishedName = [keyof typeof ATTRIBUTE_OIDS, string][]

const name = (attributes: DistinguishedName) =>
  sequence(
    ...attributes.map(([type, value]) =>
      set(sequence(objectIdentifier(ATTRIBUTE_OIDS[type]), tlv(type === 'C' ? 0x13 : 0x0c, Buffer.from(value)))),
    ),
  )

export const SHA256_WITH_RSA = '1.2.840.113549.1.1.11'
export const ECDSA_WITH_SHA256 = '1.2.840.10045.4.3.2'

/** X.509 v3 extensions, for TLS: a certificate authority, or a server's names. */
export interface CertificateExtensions {
  /** basicConstraints CA:TRUE and keyUsage keyCertSign + cRLSign: it may issue certificates. */
  certificateAuthority?: boolean
  /** subjectAltName of a TLS server (its DNS names and IPv4 addresses), with keyUsage digitalSignature. */
  dnsNames?: string[]
  ipAddresses?: string[]
}

export interface CertificateRequest {
  serialHex: string
  issuer: DistinguishedName
  subject: DistinguishedName
  publicKey: KeyObject
  /** The issuer's private key: RSA signs sha256WithRSAEncryption, EC signs ecdsa-with-SHA256. */
  issuerKey: KeyObject
  notBefore?: Date
  notAfter?: Date
  extensions?: CertificateExtensions
}

const TRUE = Buffer.from([0x01, 0x01, 0xff])
const extension = (oid: string, critical: boolean, value: Buffer) =>
  sequence(objectIdentifier(oid), ...(critical ? [TRUE] : []), tlv(0x04, value))

/** The [3] extensions field, or nothing when none is asked for. */
function extensionsField(extensions: CertificateExtensions | undefined): Buffer[] {
  if (!extensions) return []
  const list: Buffer[] = []
  if (extensions.certificateAuthority) {
    list.push(extension('2.5.29.19', true, sequence(TRUE)))
    // keyCertSign (bit 5) and cRLSign (bit 6): one byte, one unused bit.
    list.push(extension('2.5.29.15', true, tlv(0x03, Buffer.from([0x01, 0x06]))))
  }
  const names = [
    ...(extensions.dnsNames ?? []).map((dns) => tlv(0x82, Buffer.from(dns, 'ascii'))),
    ...(extensions.ipAddresses ?? []).map((ip) => tlv(0x87, Buffer.from(ip.split('.').map(Number)))),
  ]
  if (names.length > 0) {
    list.push(extension('2.5.29.19', true, sequence()))
    // digitalSignature (bit 0): one byte, seven unused bits.
    list.push(extension('2.5.29.15', true, tlv(0x03, Buffer.from([0x07, 0x80]))))
    list.push(extension('2.5.29.17', false, sequence(...names)))
  }
  return [tlv(0xa3, sequence(...list))]
}

/** A PEM certificate issued by `issuerKey` (self-signed when it is the subject's own key). */
export function issueCertificate(request: CertificateRequest): string {
  const algorithmOid = request.issuerKey.asymmetricKeyType === 'ec' ? ECDSA_WITH_SHA256 : SHA256_WITH_RSA
  const algorithm =
    algorithmOid === SHA256_WITH_RSA
      ? sequence(objectIdentifier(algorithmOid), Buffer.from([0x05, 0x00]))
      : sequence(objectIdentifier(algorithmOid))
  const notBefore = request.notBefore ?? new Date(Date.UTC(2024, 0, 1))
  const notAfter = request.notAfter ?? new Date(Date.UTC(2039, 0, 1))
  const tbs = sequence(
    tlv(0xa0, integer('02')),
    integer(request.serialHex),
    algorithm,
    name(request.issuer),
    sequence(utcTime(notBefore), utcTime(notAfter)),
    name(request.subject),
    request.publicKey.export({ type: 'spki', format: 'der' }),
    ...extensionsField(request.extensions),
  )
  const signature = sign('sha256', tbs, request.issuerKey)
  const der = sequence(tbs, algorithm, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])))
  const lines = der.toString('base64').match(/.{1,64}/g) ?? []
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`
}
