import Taro from '@tarojs/taro'
import { t } from '../i18n/i18n'

/** The loading indicator the request layer shows (SPEC §4); masked so a second tap can't go through. */
export function showLoading(): void {
  void Taro.showLoading({ title: t('state.loading'), mask: true }).catch(() => undefined)
}

export function hideLoading(): void {
  try {
    Taro.hideLoading()
  } catch {
    // Nothing was showing.
  }
}
