import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { TOAST_BOTTOM_OFFSET_PX } from '@domain/constants'
import { tabBarInset } from '../platform/tabBarInset'
import { useToastStore } from './toastStore'
import './Toast.scss'

const ICONS = { success: '✓', error: '!', warning: '!' } as const

/**
 * Where a toast sits: SPEC §4's 30 px above whatever holds the bottom of the page — the page's bar (its design
 * height, converted as the stylesheets are), H5's tab bar — and above the safe area (Toast.scss), so it never
 * covers the amount, the button or the tabs.
 */
export function toastBottom(bottomBarDesignHeight: number, tabBarPx: number): string {
  const clear = TOAST_BOTTOM_OFFSET_PX + tabBarPx
  if (bottomBarDesignHeight <= 0) return `${clear}px`
  return `calc(${clear}px + ${Taro.pxTransform(bottomBarDesignHeight)})`
}

interface ToastHostProps {
  /** The height of the page's bottom bar in design units (bottomBar.ts), 0 without one. */
  bottomBarDesignHeight?: number
}

/** Rendered by every page frame: mini-programs have no document body to portal into. */
export default function ToastHost({ bottomBarDesignHeight = 0 }: ToastHostProps) {
  const toast = useToastStore((s) => s.toast)
  if (!toast) return null
  return (
    <View className='lp-toast-wrap' style={{ bottom: toastBottom(bottomBarDesignHeight, tabBarInset()) }}>
      <View className={`lp-toast lp-toast--${toast.type}`} role='alert' aria-live='assertive'>
        <Text className='lp-toast__icon' aria-hidden>
          {ICONS[toast.type]}
        </Text>
        <Text className='lp-toast__text'>{toast.text}</Text>
      </View>
    </View>
  )
}
