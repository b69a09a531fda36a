import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import './InfoRow.scss'

interface InfoRowProps {
  label: string
  value: ReactNode
  /** e.g. a copy button beside the value. */
  extra?: ReactNode
  emphasis?: boolean
}

/** A label on the left, its value on the right. */
export default function InfoRow({ label, value, extra, emphasis = false }: InfoRowProps) {
  return (
    <View className='lp-info-row'>
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
