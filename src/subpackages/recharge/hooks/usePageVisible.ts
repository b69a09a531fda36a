import { useDidHide, useDidShow } from '@tarojs/taro'
import { useState } from 'react'

/** False while another page covers this one or the app is in the background (for pausing work such as polling). */
export function usePageVisible(): boolean {
  const [visible, setVisible] = useState(true)
  useDidShow(() => setVisible(true))
  useDidHide(() => setVisible(false))
  return visible
}
