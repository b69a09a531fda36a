import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { useMessages } from '../../i18n/messages'
import { fieldMessages } from './messages'
import './fields.scss'

interface BottomSheetProps {
  open: boolean
  title: string
  /** Tapping the shade or the close button; omit to make the sheet closable only by its own buttons. */
  onClose?: () => void
  children?: ReactNode
  /** Fixed area under the scrolling content (e.g. the sheet's buttons). */
  footer?: ReactNode
}

/** A panel sliding up from the bottom over a shade; rendered inside the page (mini-programs have no portal). */
export default function BottomSheet({ open, title, onClose, children, footer }: BottomSheetProps) {
  const m = useMessages(fieldMessages)
  if (!open) return null
  return (
    <View className='lp-sheet' catchMove>
      <View className='lp-sheet__shade' onClick={() => onClose?.()} />
      <View className='lp-sheet__panel' role='dialog' aria-modal='true' aria-label={title}>
        <View className='lp-sheet__head'>
          <Text className='lp-sheet__title'>{title}</Text>
          {onClose ? (
            <View className='lp-sheet__close' role='button' tabIndex={0} aria-label={m('close')} onClick={onClose}>
              ×
            </View>
          ) : null}
        </View>
        <View className='lp-sheet__body'>{children}</View>
        {footer ? <View className='lp-sheet__footer'>{footer}</View> : null}
      </View>
    </View>
  )
}
