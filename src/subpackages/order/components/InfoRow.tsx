import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import './InfoRow.scss'

interface InfoRowProps {
  label: string
  value: ReactNode
  /** e.g. a copy button beside the value. */
  extra?: ReactNode
  emphasis?: boolean
  /** Text that may run to several lines (a reason): beneath its label, left-aligned, never ragged on the right. */
  long?: boolean
}

/** A label on the left, its value on the right; a long text beneath its label. */
export default function InfoRow({ label, value, extra, emphasis = false, long = false }: InfoRowProps) {
  return (
    <View className={`lp-info-row${long ? ' lp-info-row--long' : ''}`}>
      <Text className='lp-info-row__label'>{label}</Text>
      <View className='lp-info-row__value-wrap'>
        <Text className={`lp-info-row__value${emphasis ? ' lp-info-row__value--emphasis' : ''}`} userSelect>
          {value}
        </Text>
        {extra}
      </View>
    </View>
  )
}
