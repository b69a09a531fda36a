import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import { SUPPLIER_NOTIFY_PATH } from '../../server/src/modules/lifePay/supplierNotifyRoutes'
import { startFakeAlipay, type FakeAlipay } from '../../server/test/support/fakeAlipay'
import { startFakeAliyun, type FakeAliyun } from '../../server/test/support/fakeAliyun'
import { FakeFulu } from '../../server/test/support/fakeFulu'
import { startFakeWechatIdentity } from '../../server/test/support/fakeWechatIdentity'
import { startFakeWechatPay, type FakeWechatPay } from '../../server/test/support/fakeWechatPay'
import { testTls } from '../../server/test/support/testTls'

// The reference server as production runs it — NODE_ENV=production, strong secrets, no demo data, the duplicate guard
// on, no /api/dev/* — with every provider real and pointed at its local fake (server/test/support/fake*.ts, each
// keeping its vendor's signatures and rules): WeChat Pay and Alipay, WeChat and Alipay identity, Alibaba Cloud SMS,
// STS and 号码百科, the recharge supplier. The browser suite drives the built H5 app against it. Two things are one setting
// each, for whoever changes them: the supplier (`startSupplier`: its fake and the settings that name it) and where the
// fakes are reached (each fake's own address — `baseUrl`, `gateway`, `url`, `env()` — read here and nowhere else).
// As in production, every vendor is reached over https (the fakes serve a certificate of the test authority, which
// the server trusts through NODE_EXTRA_CA_CERTS, as a deployment would an extra one) and the vendors post to a
// public https notify address, which reaches the server — plain http on 127.0.0.1 for the browser — as through a
// TLS-terminating proxy (`notifyVia`).

/** The server's public address as the payment providers know it (their notify URLs). */
const PUBLIC_SERVER = 'https://pay.life-pay-e2e.example'

const JWT_SECRET = 'e2e-Zk3J9x!vQ2m#Lw8pZr5Tn0bYc7Hd4Fg6A'
const OPERATOR_TOKEN = 'e2e-Qw7Er9Ty1Ui3Op5As8Df0Gh2Jk4Lz6Xc'
const FULU_APP_KEY = 'E2eAppKey+/0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ'
const FULU_APP_SECRET = '7d2e9a4c1b6f83e05a9c2d7e4b1f8a36'

/** The recharge supplier's fake and what points the server at it: the one place its protocol is chosen. */
export interface SupplierFake {
  env(serverUrl: string): Record<string, string>
  close(): Promise<void>
}

/**
 * The Fulu open platform (docs/supplier.md): every phone recharge succeeds, its callback posted to the address set in
 * Fulu's console — our /api/supplier/notify, known once the server has its address.
 */
async function startSupplier(): Promise<SupplierFake> {
  let callbackUrl = ''
  const supplier = await new FakeFulu({
    tls: true,
    appKey: FULU_APP_KEY,
    appSecret: FULU_APP_SECRET,
    deliver: async (body) =>
      (
        await fetch(callbackUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json;charset=utf-8' },
          body,
        })
      ).text(),
  }).start()
  return {
    env: (serverUrl) => {
      callbackUrl = `${serverUrl}${SUPPLIER_NOTIFY_PATH}`
      return { SUPPLIER_PROVIDER: 'fulu', FULU_GATEWAY: supplier.url, FULU_APP_KEY, FULU_APP_SECRET }
    },
    close: () => supplier.close(),
  }
}

export interface ProductionStack {
  /** The server; `smsCode` reads the SMS the Alibaba Cloud fake received (production has no sandbox outbox). */
  server: AppServer
  wechatPay: FakeWechatPay
  alipay: FakeAlipay
  aliyun: FakeAliyun
  stop(): Promise<void>
}

/** Starts every fake, then the server in production mode against them (it refuses to start on any unsafe setting). */
export async function startProductionServer(extra: Record<string, string> = {}): Promise<ProductionStack> {
  const keyDir = mkdtempSync(join(tmpdir(), 'lifepay-e2e-keys-'))
  const tls = testTls()
  let serverUrl = ''
  const notifyVia = (notifyUrl: string) => notifyUrl.replace(PUBLIC_SERVER, serverUrl)
  const wechatPay = await startFakeWechatPay(undefined, { tls: true, notifyVia })
  const alipay = await startFakeAlipay(undefined, { tls: true, notifyVia })
  const wechatIdentity = await startFakeWechatIdentity(undefined, { tls: true })
  const aliyun = await startFakeAliyun(undefined, { tls: true })
  const supplier = await startSupplier()
  const closeFakes = () =>
    Promise.all([wechatPay.close(), alipay.close(), wechatIdentity.close(), aliyun.close(), supplier.close()])

  const environment = (url: string): Record<string, string> => {
    serverUrl = url
    const wx = wechatPay.settings(keyDir, `${PUBLIC_SERVER}/api/pay/notify/wxpay`)
    const ali = alipay.settings(keyDir, `${PUBLIC_SERVER}/api/pay/notify/alipay`)
    const aliIdentity = alipay.identitySettings(keyDir)
    const wxIdentity = wechatIdentity.settings()
    return {
      NODE_ENV: 'production',
      NODE_EXTRA_CA_CERTS: tls.caFile,
      JWT_SECRET,
      OPERATOR_TOKEN,
      SEED_DEMO_DATA: '0',
      DUPLICATE_GUARD: 'on',
      WXPAY_PROVIDER: 'wechatpay',
      WXPAY_MCH_ID: wx.mchId,
      WXPAY_APP_ID: wx.appId,
      WXPAY_MCH_SERIAL_NO: wx.mchSerialNo,
      WXPAY_MCH_PRIVATE_KEY_FILE: wx.mchPrivateKeyFile,
      WXPAY_API_V3_KEY: wx.apiV3Key,
      WXPAY_PUBLIC_KEY_ID: wx.publicKeyId,
      WXPAY_PUBLIC_KEY_FILE: wx.publicKeyFile,
      WXPAY_NOTIFY_URL: wx.notifyUrl,
      WXPAY_BASE_URL: wx.baseUrl,
      ALIPAY_PROVIDER: 'alipay',
      ALIPAY_APP_ID: ali.appId,
      ALIPAY_PRIVATE_KEY_FILE: ali.privateKeyFile,
      ALIPAY_PUBLIC_KEY_FILE: ali.verification.mode === 'publicKey' ? ali.verification.alipayPublicKeyFile : '',
      ALIPAY_NOTIFY_URL: ali.notifyUrl,
      ALIPAY_GATEWAY: ali.gateway,
      ALIPAY_AES_KEY: aliIdentity.aesKey,
      IDENTITY_PROVIDER: 'wechat,alipay',
      WX_APP_ID: wxIdentity.appId,
      WX_APP_SECRET: wxIdentity.appSecret,
      WX_API_BASE: wxIdentity.baseUrl,
      SMS_PROVIDER: 'aliyun',
      STORAGE_PROVIDER: 'aliyun',
      CARRIER_LOOKUP_PROVIDER: 'aliyun',
      ...aliyun.env(),
      ...supplier.env(url),
      // Notifications are not what this suite checks (their adapters have their own tests).
      NOTIFY_WECHAT_PROVIDER: 'off',
      NOTIFY_ALIPAY_PROVIDER: 'off',
      NOTIFY_SMS_PROVIDER: 'off',
      // The H5 app is served by this server: web payments come back to the origin requests arrive at.
      H5_ORIGIN: url,
      ...extra,
    }
  }

  let server: AppServer
  try {
    server = await startAppServer(environment)
  } catch (error) {
    await closeFakes()
    rmSync(keyDir, { recursive: true, force: true })
    throw error
  }
  return {
    server: {
      ...server,
      smsCode: async (phoneNumber) => {
        const sent = aliyun.sent.filter((sms) => sms.phoneNumber === phoneNumber).at(-1)
        if (!sent) throw new Error(`no SMS to ${phoneNumber} at the Alibaba Cloud fake`)
        return sent.code
      },
    },
    wechatPay,
    alipay,
    aliyun,
    stop: async () => {
      await server.stop()
      await closeFakes()
      rmSync(keyDir, { recursive: true, force: true })
    },
  }
}
