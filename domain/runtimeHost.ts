/**
 * Where the app runs: a mini-program host (`weapp`, `alipay`), or H5 inside WeChat (`h5-wechat`), inside Alipay
 * (`h5-alipay`) or in any other phone browser (`h5`). The app tells the server when it asks for a payment: an ordinary
 * browser pays through the providers' web payments, everywhere else the wallet is in the host (docs/payment.md).
 */
export const runtimeHostValues = ['weapp', 'alipay', 'h5-wechat', 'h5-alipay', 'h5'] as const

export type RuntimeHost = (typeof runtimeHostValues)[number]
