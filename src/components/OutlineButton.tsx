import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import './OutlineButton.scss'

/** The quiet way out of a state page: back to the list, to the order, to the saved accounts. */
export default function OutlineButton({ onClick, children }: { onClick: () => void; children?: ReactNode }) {
  return (
    <View className='lp-outline-button' role='button' tabIndex={0} onClick={onClick}>
      {children}
    </View>
  )
}
