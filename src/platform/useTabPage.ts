import Taro, { useDidShow, useRouter } from '@tarojs/taro'
import { useEffect } from 'react'
import { useLocaleStore, translate } from '../i18n/i18n'
import { TAB_LABEL_KEYS } from '../routes'
import { useChannelStore } from '../stores/channel'
import { useLayoutStore } from '../stores/layout'

/**
 * Both tab pages take `channelId` (SPEC §2), remember which tab is active, and label the tab bar in the user's
 * language.
 */
export function useTabPage(index: number): void {
  const { params } = useRouter()
  const locale = useLocaleStore((s) => s.locale)

  useEffect(() => {
    useChannelStore.getState().setChannelId(params.channelId)
  }, [params.channelId])

  useDidShow(() => {
    useLayoutStore.getState().setActiveTabIndex(index)
  })

  // The language chosen later, and the mini-programs' tab bar (H5's is labelled before it loads: tabBarLabels.h5.ts).
  useEffect(() => {
    TAB_LABEL_KEYS.forEach((key, i) => {
      void Taro.setTabBarItem({ index: i, text: translate(locale, key) }).catch(() => undefined)
    })
  }, [locale])
}
