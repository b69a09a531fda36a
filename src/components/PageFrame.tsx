import { View } from '@tarojs/components'
import { useDidHide, useDidShow } from '@tarojs/taro'
import { useCallback, useEffect, useState, type ReactNode } from 'react'
import type { MessageKey } from '../i18n/zh-CN'
import { BottomBarContext } from './bottomBar'
import DialogHost from './Dialog'
import { dismissDialogsOf, showDialogsOf } from './dialogStore'
import NavBar from './NavBar'
import ToastHost from './Toast'
import './PageFrame.scss'

interface PageFrameProps {
  titleKey?: MessageKey
  showBack?: boolean
  /** Pages that may scroll as a whole (SPEC §2); the others scroll inside their own lists. */
  scrollable?: boolean
  children?: ReactNode
}

let nextPage = 1

/** Every page: custom nav bar, content, and the toast and dialog hosts. */
export default function PageFrame({ titleKey, showBack = true, scrollable = false, children }: PageFrameProps) {
  const [page] = useState(() => nextPage++)
  useDidShow(() => showDialogsOf(page))
  useDidHide(() => dismissDialogsOf(page))
  useEffect(() => () => dismissDialogsOf(page), [page])
  const [bottomBarHeight, setBottomBarHeight] = useState(0)
  const registerBottomBar = useCallback((designHeight: number) => {
    setBottomBarHeight(designHeight)
    return () => setBottomBarHeight(0)
  }, [])
  return (
    <View className={`lp-page ${scrollable ? 'lp-page--scroll' : 'lp-page--fixed'}`}>
      <NavBar titleKey={titleKey} showBack={showBack} />
      <BottomBarContext.Provider value={registerBottomBar}>
        <View className='lp-page__body'>{children}</View>
      </BottomBarContext.Provider>
      <ToastHost bottomBarDesignHeight={bottomBarHeight} />
      <DialogHost page={page} />
    </View>
  )
}
