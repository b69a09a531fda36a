import type { OssSts } from '@contract/account'
import type { LocalizedText } from '../../http/apiError'
import { VOUCHER_MAX_BYTES, voucherImageType, type VoucherImageType } from '@domain/refundVoucher'
import type { AppContext } from '../../appContext'
import { errors } from '../../http/errors'
import { invalidField } from '../../http/validation'
import { SERVICE_ACTOR, type OperatorActor } from '../operatorAccounts/roles'

// Refund vouchers (docs/server.md § Operator side): a reviewer approving a refund attaches an image of the proof
// (a transfer receipt, a chat with the user). It is uploaded to our bucket as the app uploads avatars (GetOssSTS):
// credentials limited to the reviewer's own folder refund-vouchers/<operator id>/, so their credentials can write
// nowhere else; an approval takes only a voucher from the approving operator's own folder (not another operator's,
// not a made-up key), that exists, and whose bytes are an image (PNG, JPEG, GIF, WebP) of at most 5 MB. The folder
// is private: operators read a voucher through the server (GET /api/operator/orders/{orderNo}/refundVoucher).

export const VOUCHER_FOLDER = 'refund-vouchers/'

/** The automation token has no operator id; its uploads (if any) go to a folder of their own. */
const SERVICE_OWNER_ID = '00000000-0000-0000-0000-000000000000'

const ownerIdOf = (actor: OperatorActor) => (actor.id === SERVICE_ACTOR ? SERVICE_OWNER_ID : actor.id)

/** The folder an operator's voucher credentials put objects in, and the only one their approvals take from. */
export const voucherFolderOf = (actor: OperatorActor) => `${VOUCHER_FOLDER}${ownerIdOf(actor)}/`

/** Upload credentials for the reviewer's own voucher folder (POST /api/operator/refundVoucherCredentials). */
export function issueVoucherCredentials(ctx: AppContext, actor: OperatorActor, origin: string): Promise<OssSts> {
  return ctx.providers.storage.issueCredentials(ownerIdOf(actor), origin, voucherFolderOf(actor))
}

const refused = (message: LocalizedText) => invalidField('refundCredentialsImgUrl', message)

export const voucherRefusals = {
  missing: () =>
    refused({
      'zh-CN': '请先上传退款凭证图片（仅接受本系统上传的凭证）',
      'en-US': 'upload the voucher image first: only a voucher uploaded here is accepted',
    }),
  notYours: () =>
    refused({
      'zh-CN': '只能使用你本人上传的凭证，请重新上传',
      'en-US': 'only a voucher you uploaded yourself is accepted: upload it again',
    }),
  notImage: () =>
    refused({
      'zh-CN': '文件内容不是图片，请上传 PNG、JPG、GIF 或 WebP 图片',
      'en-US': 'the file is not an image: upload a PNG, JPG, GIF or WebP image',
    }),
  tooLarge: () => refused({ 'zh-CN': '图片不能超过 5 MB', 'en-US': 'the image must be at most 5 MB' }),
}

/** A voucher's checked content: an image, by its own bytes, of at most VOUCHER_MAX_BYTES. */
export function checkedVoucherBytes(bytes: Buffer): VoucherImageType {
  if (bytes.length > VOUCHER_MAX_BYTES) throw voucherRefusals.tooLarge()
  const type = voucherImageType(bytes)
  if (!type) throw voucherRefusals.notImage()
  return type
}

/**
 * The voucher URL of an approval by `actor`, checked: absent is refused when `required`; present, it must name an
 * object of our bucket in the actor's own voucher folder that exists and is an image by its bytes. Answers the URL
 * to store.
 */
export async function checkedVoucherUrl(
  ctx: AppContext,
  actor: OperatorActor,
  url: string | undefined,
  origin: string,
  required: boolean,
): Promise<string | undefined> {
  const given = url?.trim() || undefined
  if (!given) {
    if (required) throw voucherRefusals.missing()
    return undefined
  }
  const key = ctx.providers.storage.objectKeyOf(given, origin)
  if (!key || !key.startsWith(VOUCHER_FOLDER)) throw voucherRefusals.missing()
  if (!key.startsWith(voucherFolderOf(actor))) throw voucherRefusals.notYours()
  const stored = await ctx.providers.storage.readObject(key, VOUCHER_MAX_BYTES)
  if (stored === 'missing') throw voucherRefusals.missing()
  if (stored === 'tooLarge') throw voucherRefusals.tooLarge()
  checkedVoucherBytes(stored.bytes)
  return given
}

/** An order's voucher for an operator: its image bytes and type. Not found when it has none or it is gone. */
export async function readOrderVoucher(
  ctx: AppContext,
  voucherUrl: string | null,
  origin: string,
): Promise<{ bytes: Buffer; type: VoucherImageType }> {
  const key = voucherUrl ? ctx.providers.storage.objectKeyOf(voucherUrl, origin) : null
  if (!key || !key.startsWith(VOUCHER_FOLDER)) throw errors.ossObjectNotFound()
  const stored = await ctx.providers.storage.readObject(key, VOUCHER_MAX_BYTES)
  if (stored === 'missing') throw errors.ossObjectNotFound()
  // A voucher stored before its content was checked may be anything: it is never served as something to render.
  const type = stored === 'tooLarge' ? undefined : voucherImageType(stored.bytes)
  if (stored === 'tooLarge' || !type) throw errors.voucherNotImage()
  return { bytes: stored.bytes, type }
}
