import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { useEffect } from 'react'
import { useLocaleStore, useT } from '../i18n/i18n'
import type { MessageKey } from '../i18n/zh-CN'
import { goBack } from '../platform/navigation'
import { useLayoutStore } from '../stores/layout'
import { formatPageTitle, navBarTitle } from './pageTitle'
import './NavBar.scss'

interface NavBarProps {
  titleKey?: MessageKey
  /** Tab pages have nothing to go back to. */
  showBack?: boolean
}

/** The custom navigation bar (SPEC §2: orange top colour), under the status bar and beside the capsule button. */
export default function NavBar({ titleKey, showBack = true }: NavBarProps) {
  const t = useT()
  const locale = useLocaleStore((s) => s.locale)
  const safeAreaTop = useLayoutStore((s) => s.safeAreaTop)
  const height = useLayoutStore((s) => s.navigationBarHeight)
  const menuButton = useLayoutStore((s) => s.menuButton)
  const screenWidth = useLayoutStore((s) => s.screenWidth)
  const title = navBarTitle(locale, titleKey)
  const documentTitle = formatPageTitle(locale, titleKey)

  useEffect(() => {
    // The H5 document's and the host's title (task switcher, share) in the SPEC's pattern; the bar shows the name.
    void Taro.setNavigationBarTitle({ title: documentTitle }).catch(() => undefined)
  }, [documentTitle])

  const sideInset = menuButton ? screenWidth - menuButton.left : 0
  return (
    <View className='lp-navbar' style={{ paddingTop: `${safeAreaTop}px` }}>
      <View
        className='lp-navbar__bar'
        style={{ height: `${height}px`, paddingRight: sideInset ? `${sideInset}px` : undefined }}
      >
        {showBack ? (
          <View
            className='lp-navbar__back'
            role='button'
            tabIndex={0}
            aria-label={t('nav.back')}
            onClick={() => void goBack()}
          >
            <Text className='lp-navbar__chevron' />
          </View>
        ) : null}
        <View className='lp-navbar__title' role='heading' aria-level={1}>
          {title}
        </View>
      </View>
    </View>
  )
}
