import { queryOptions } from '@tanstack/react-query'
import { LifePayOrderStatus } from '@domain/lifePayStatus'
import type { OssSts } from '@contract/account'
import type { LifePayOrderListOutput, RefundLifePayOrderInput } from '@contract/operator'
import { currentLocale } from '../i18n/locale'
import {
  VOUCHER_MAX_BYTES,
  VOUCHER_SIGNATURE_BYTES,
  voucherImageType,
  type VoucherImageType,
} from '@domain/refundVoucher'
import { ApiError, call, fetchFile } from './http'
import { getOrderPage } from './orders'

const QUEUE_PAGE_ROWS = 100

/**
 * The refund queue: every order waiting for review (order status 40), oldest application first. The order page
 * cannot sort by application time, and the queue is short (reviewers empty it daily), so it is read whole, page by
 * page, and ordered here.
 */
export async function getRefundQueue(): Promise<LifePayOrderListOutput[]> {
  const orders: LifePayOrderListOutput[] = []
  for (let page = 1; ; page++) {
    const answer = await getOrderPage({
      lifePayOrderStatus: LifePayOrderStatus.RefundPendingReview,
      pageModel: { page, rows: QUEUE_PAGE_ROWS, orderInput: [{ property: 'creationTime', order: 0 }] },
    })
    orders.push(...answer.data)
    if (answer.data.length < QUEUE_PAGE_ROWS || page >= answer.pageModel.totalPage) break
  }
  const applied = (order: LifePayOrderListOutput) => order.refundApplyTime ?? order.creationTime
  return orders.sort((a, b) => applied(a).localeCompare(applied(b)))
}

export const refundQueueQuery = queryOptions({ queryKey: ['orders', 'refundQueue'], queryFn: getRefundQueue })

/** POST /api/LifePay/RefundLifePayOrder: approve, the money goes back to the user. */
export function approveRefund(input: RefundLifePayOrderInput): Promise<LifePayOrderListOutput> {
  return call('POST', '/api/LifePay/RefundLifePayOrder', input)
}

/** POST /api/LifePay/RejectRefundLifePayOrder: reject with the reason the user sees. */
export function rejectRefund(
  input: Pick<RefundLifePayOrderInput, 'id' | 'refundCheckRemark'>,
): Promise<LifePayOrderListOutput> {
  return call('POST', '/api/LifePay/RejectRefundLifePayOrder', input)
}

/** POST /api/operator/refundVoucherCredentials: upload credentials for the reviewer's own voucher folder. */
export function getRefundVoucherCredentials(): Promise<OssSts> {
  return call('POST', '/api/operator/refundVoucherCredentials')
}

const extensions: Record<VoucherImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
}

/**
 * The voucher's image type by its own first bytes (domain/refundVoucher.ts, the server's rule): an .html renamed
 * .png is refused before it is uploaded. The server checks again at the upload and at the approval.
 */
export async function voucherTypeOf(file: Blob): Promise<VoucherImageType | undefined> {
  return voucherImageType(new Uint8Array(await file.slice(0, VOUCHER_SIGNATURE_BYTES).arrayBuffer()))
}

/** GET /api/operator/orders/{orderNo}/refundVoucher: the order's voucher image (its folder is private). */
export function getRefundVoucher(orderNo: string): Promise<Blob> {
  return fetchFile(`/api/operator/orders/${encodeURIComponent(orderNo)}/refundVoucher`)
}

function base64(bytes: ArrayBuffer | Uint8Array): string {
  let binary = ''
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** OSS V1 form signature, as the server checks it: base64(HMAC-SHA1(accessKeySecret, policy)). */
async function signPolicy(policy: string, secret: string): Promise<string> {
  // Web Crypto exists only in a secure context: the console is served over HTTPS (or localhost).
  if (!globalThis.crypto?.subtle)
    throw new ApiError(
      currentLocale() === 'en-US' ? 'Uploading needs the console opened over HTTPS' : '上传需要通过 HTTPS 打开运营后台',
      0,
      null,
    )
  const encoder = new TextEncoder()
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-1' }, false, [
    'sign',
  ])
  return base64(await crypto.subtle.sign('HMAC', key, encoder.encode(policy)))
}

/**
 * Uploads a voucher image the way the app uploads to the bucket (GetOssSTS): credentials limited to a folder, then
 * an OSS PostObject form to their `host`. Answers the object's URL, `${host}/${key}`, for RefundLifePayOrder's
 * refundCredentialsImgUrl.
 */
export async function uploadRefundVoucher(file: File, type: VoucherImageType): Promise<string> {
  const sts = await getRefundVoucherCredentials()
  const key = `${sts.dir}${crypto.randomUUID()}.${extensions[type]}`
  // The policy lives as long as the credentials (the server's clock, not this browser's) and allows only this
  // folder and this size: a leaked form cannot put anything else in the bucket.
  const policy = btoa(
    JSON.stringify({
      expiration: sts.expiration,
      conditions: [
        ['starts-with', '$key', sts.dir],
        ['content-length-range', 0, VOUCHER_MAX_BYTES],
      ],
    }),
  )
  const form = new FormData()
  form.append('key', key)
  form.append('policy', policy)
  form.append('OSSAccessKeyId', sts.accessKeyId)
  form.append('Signature', await signPolicy(policy, sts.accessKeySecret))
  form.append('x-oss-security-token', sts.securityToken)
  // Never readable from the bucket by anyone: operators read it through the server.
  form.append('x-oss-object-acl', 'private')
  form.append('success_action_status', '200')
  form.append('file', file) // OSS reads fields up to the file only: it comes last.
  let response: Response
  try {
    response = await fetch(sts.host, { method: 'POST', body: form })
  } catch {
    throw new ApiError(currentLocale() === 'en-US' ? 'The upload failed' : '上传失败', 0, 'NETWORK')
  }
  if (!response.ok) {
    // The sandbox bucket answers the API envelope; Aliyun OSS an XML error.
    const text = await response.text().catch(() => '')
    const message = /"msg"\s*:\s*"([^"]+)"/.exec(text)?.[1] ?? /<Message>([^<]+)<\/Message>/.exec(text)?.[1]
    throw new ApiError(
      message ??
        (currentLocale() === 'en-US' ? `The upload failed (${response.status})` : `上传失败（${response.status}）`),
      response.status,
      null,
    )
  }
  return `${sts.host}/${key}`
}
