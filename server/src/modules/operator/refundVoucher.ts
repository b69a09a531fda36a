import { stat } from 'node:fs/promises'
import type { OssSts } from '../../../../types/api/account'
import type { AppContext } from '../../appContext'
import { invalidField } from '../../http/validation'
import { SERVICE_ACTOR, type OperatorActor } from '../operatorAccounts/roles'

// Refund vouchers (docs/server.md § Operator side): a reviewer approving a refund attaches an image of the proof
// (a transfer receipt, a chat with the user). It is uploaded to our bucket as the app uploads avatars (GetOssSTS):
// credentials limited to a folder, here refund-vouchers/<operator id>/, so a reviewer's credentials can write
// nowhere else, and the approval accepts only a URL inside refund-vouchers/ of our own bucket — never a link to a
// file somewhere else that could change or vanish after the review.

export const VOUCHER_FOLDER = 'refund-vouchers/'

/** The automation token has no operator id; its uploads (if any) go to a folder of their own. */
const SERVICE_OWNER_ID = '00000000-0000-0000-0000-000000000000'

const ownerIdOf = (actor: OperatorActor) => (actor.id === SERVICE_ACTOR ? SERVICE_OWNER_ID : actor.id)

/** Upload credentials for the reviewer's own voucher folder (POST /api/operator/refundVoucherCredentials). */
export function issueVoucherCredentials(ctx: AppContext, actor: OperatorActor, origin: string): Promise<OssSts> {
  const ownerId = ownerIdOf(actor)
  return ctx.providers.storage.issueCredentials(ownerId, origin, `${VOUCHER_FOLDER}${ownerId}/`)
}

const notOurs = () =>
  invalidField('refundCredentialsImgUrl', {
    'zh-CN': '请先上传退款凭证图片（仅接受本系统上传的凭证）',
    'en-US':
      'upload the voucher image first: only a voucher uploaded here (refund-vouchers/ of our bucket) is accepted',
  })

/**
 * The voucher URL of an approval, checked: absent is refused when `required`; present, it must name an object in
 * our bucket's voucher folder (and, in the sandbox bucket, one that was really uploaded). Answers the URL to store.
 */
export async function checkedVoucherUrl(
  ctx: AppContext,
  url: string | undefined,
  origin: string,
  required: boolean,
): Promise<string | undefined> {
  const given = url?.trim() || undefined
  if (!given) {
    if (required) throw notOurs()
    return undefined
  }
  const key = ctx.providers.storage.objectKeyOf(given, origin)
  if (!key || !key.startsWith(VOUCHER_FOLDER)) throw notOurs()
  const sandbox = ctx.sandboxes.storage
  if (ctx.providers.storage === sandbox) {
    const path = sandbox.objectPath(key)
    const info = path ? await stat(path).catch(() => null) : null
    if (!info?.isFile()) throw notOurs()
  }
  return given
}
