import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import type { MessageKey } from '../i18n/zh-CN'
import DialogHost from './Dialog'
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

/** Every page: custom nav bar, content, and the toast and dialog hosts. */
export default function PageFrame({ titleKey, showBack = true, scrollable = false, children }: PageFrameProps) {
  return (
    <View className={`lp-page ${scrollable ? 'lp-page--scroll' : 'lp-page--fixed'}`}>
      <NavBar titleKey={titleKey} showBack={showBack} />
      <View className='lp-page__body'>{children}</View>
      <ToastHost />
      <DialogHost />
    </View>
  )
}
