import { createHash, X509Certificate, type KeyObject } from 'node:crypto'
import { readSettingFile } from './keyFile'

// Alipay's certificate mode (公钥证书): instead of a bare public key, the app holds three certificates from the open
// platform — its own app certificate, the Alipay public certificate and Alipay's root bundle. Every request names the
// first and the last by serial (`app_cert_sn`, `alipay_root_cert_sn`); every answer names the Alipay certificate that
// signed it (`alipay_cert_sn`). A serial is Alipay's own: MD5 of the issuer's name, RFC 2253 order
// (`CN=…,OU=…,O=…,C=…`), followed by the certificate's serial number in decimal (the official SDKs' getCertSN). The
// root serial joins those of the bundle's RSA-signed certificates with `_` (the bundle also holds an SM2 one Alipay
// leaves out).

/** The RSA signature algorithms (sha1/sha256WithRSAEncryption…): 1.2.840.113549.1.1.*. */
const RSA_SIGNATURE_OID_PREFIX = '1.2.840.113549.1.1.'

/** Every certificate of a PEM bundle, in order, as DER. */
function pemCertificates(pem: string): Buffer[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? []
  return blocks.map((block) => Buffer.from(block.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64'))
}

/** One DER element's header: where its content starts and how long it is. */
function element(der: Buffer, offset: number): { tag: number; start: number; end: number } {
  const tag = der[offset]
  let size = der[offset + 1]
  let start = offset + 2
  if (size & 0x80) {
    const bytes = size & 0x7f
    size = 0
    for (let i = 0; i < bytes; i++) size = size * 256 + der[start + i]
    start += bytes
  }
  if (tag === undefined || start + size > der.length) throw new Error('certificate: truncated DER')
  return { tag, start, end: start + size }
}

function objectIdentifier(content: Buffer): string {
  const arcs = [Math.floor(content[0] / 40), content[0] % 40]
  let value = 0
  for (const byte of content.subarray(1)) {
    value = value * 128 + (byte & 0x7f)
    if (!(byte & 0x80)) {
      arcs.push(value)
      value = 0
    }
  }
  return arcs.join('.')
}

/**
 * The certificate's outer signature algorithm: Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm
 * SEQUENCE { OID, … }, … }. Node's X509Certificate does not expose it (before Node 22).
 */
export function signatureAlgorithmOid(der: Buffer): string {
  const certificate = element(der, 0)
  const tbs = element(der, certificate.start)
  const algorithm = element(der, tbs.end)
  const oid = element(der, algorithm.start)
  if (certificate.tag !== 0x30 || algorithm.tag !== 0x30 || oid.tag !== 0x06) throw new Error('certificate: not X.509')
  return objectIdentifier(der.subarray(oid.start, oid.end))
}

/** Alipay's serial of one certificate: MD5(issuer in RFC 2253 order + decimal serial number). */
export function alipayCertSn(certificate: X509Certificate): string {
  // Node lists the issuer's attributes one per line in the certificate's order (C first); RFC 2253 reverses it.
  const issuer = certificate.issuer.split('\n').reverse().join(',')
  const serial = BigInt(`0x${certificate.serialNumber}`).toString(10)
  return createHash('md5')
    .update(issuer + serial, 'utf8')
    .digest('hex')
}

/** The serials of the root bundle's RSA-signed certificates, joined with `_`. */
export function alipayRootCertSn(bundlePem: string): string {
  const serials = pemCertificates(bundlePem)
    .filter((der) => signatureAlgorithmOid(der).startsWith(RSA_SIGNATURE_OID_PREFIX))
    .map((der) => alipayCertSn(new X509Certificate(der)))
  if (serials.length === 0) throw new Error('no RSA certificate in the Alipay root certificate bundle')
  return serials.join('_')
}

export interface AlipayCertificates {
  /** Sent as `app_cert_sn` with every request. */
  appCertSn: string
  /** Sent as `alipay_root_cert_sn` with every request. */
  alipayRootCertSn: string
  /** The serial answers must name in `alipay_cert_sn`: another means Alipay rotated its certificate. */
  alipayCertSn: string
  /** The Alipay certificate's key: verifies answers and notifications. */
  alipayPublicKey: KeyObject
}

export interface AlipayCertificateFiles {
  appCertFile: string
  alipayCertFile: string
  rootCertFile: string
}

/** Certificate mode's files as the adapter uses them; one that cannot be read or parsed stops the start, named. */
export function readAlipayCertificates(files: AlipayCertificateFiles): AlipayCertificates {
  function read<T>(file: string, setting: string, parse: (pem: string) => T): T {
    const pem = readSettingFile(file, setting)
    try {
      return parse(pem)
    } catch (error) {
      throw new Error(`${setting}: not a PEM certificate Alipay issues (${(error as Error).message})`)
    }
  }
  const appCert = read(files.appCertFile, 'ALIPAY_APP_CERT_FILE', (pem) => new X509Certificate(pem))
  const alipayCert = read(files.alipayCertFile, 'ALIPAY_CERT_FILE', (pem) => new X509Certificate(pem))
  return {
    appCertSn: alipayCertSn(appCert),
    alipayRootCertSn: read(files.rootCertFile, 'ALIPAY_ROOT_CERT_FILE', alipayRootCertSn),
    alipayCertSn: alipayCertSn(alipayCert),
    alipayPublicKey: alipayCert.publicKey,
  }
}
