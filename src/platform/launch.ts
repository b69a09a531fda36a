import Taro from '@tarojs/taro'
import { UPDATE_FAIL_TOAST_MS } from '@domain/constants'
import { t } from '../i18n/i18n'
import { HOME_PAGE } from './navigation'

/** SPEC §1: ask to restart when a new version is ready; tell the user when its download failed. */
export function checkForUpdate(): void {
  // H5 is always the newest build; its Taro shim returns an update manager without methods. The condition is a
  // constant in each build, so the H5 bundle drops the call and with it Taro's dialogs (its modal, toast and action
  // sheet module, ~6 KiB gzip, would otherwise sit in the app shell).
  if (process.env.TARO_ENV !== 'h5') watchForUpdate()
}

function watchForUpdate(): void {
  if (typeof Taro.getUpdateManager !== 'function') return
  const updateManager = Taro.getUpdateManager()
  if (typeof updateManager?.onUpdateReady !== 'function') return
  updateManager.onUpdateReady(() => {
    void Taro.showModal({ title: t('update.title'), content: t('update.content') }).then((res) => {
      if (res.confirm) updateManager.applyUpdate()
    })
  })
  updateManager.onUpdateFailed(() => {
    void Taro.showToast({ title: t('update.failed'), icon: 'none', duration: UPDATE_FAIL_TOAST_MS })
  })
}

/** A `collect` query parameter on launch (a "add to my mini-programs" entry) relaunches to home. */
export function relaunchOnCollect(query: Record<string, unknown> | undefined): boolean {
  if (!query || query.collect === undefined) return false
  void Taro.reLaunch({ url: HOME_PAGE })
  return true
}
