import { Text, View } from '@tarojs/components'
import { TOAST_BOTTOM_OFFSET_PX } from '../domain/constants'
import { useToastStore } from './toastStore'
import './Toast.scss'

const ICONS = { success: '✓', error: '!', warning: '!' } as const

/** Rendered by every page frame: mini-programs have no document body to portal into. */
export default function ToastHost() {
  const toast = useToastStore((s) => s.toast)
  if (!toast) return null
  return (
    <View className='lp-toast-wrap' style={{ bottom: `${TOAST_BOTTOM_OFFSET_PX}px` }}>
      <View className={`lp-toast lp-toast--${toast.type}`} role='alert' aria-live='assertive'>
        <Text className='lp-toast__icon' aria-hidden>
          {ICONS[toast.type]}
        </Text>
        <Text className='lp-toast__text'>{toast.text}</Text>
      </View>
    </View>
  )
}
