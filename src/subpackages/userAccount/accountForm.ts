import Taro from '@tarojs/taro'
import { showToast } from '../../components/toastStore'
import type { LifePayOrderType } from '@domain/lifePayOrderType'
import { isBizError } from '../../services/http/bizError'
import { accountListUrl } from '../../routes'

/** The server's words when it refused the account (e.g. the account is saved already); undefined for other failures. */
export function refusalMessage(error: unknown): string | undefined {
  return isBizError(error) ? error.msg || error.message : undefined
}

/** Saved: say so, and go back to where the user came from (the list, or a top-up page), else to the list. */
export function leaveAfterSave(type: LifePayOrderType, savedText: string): Promise<unknown> {
  showToast('success', savedText)
  if (Taro.getCurrentPages().length > 1) return Taro.navigateBack()
  return Taro.redirectTo({ url: accountListUrl(type) })
}
