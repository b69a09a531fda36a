import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import './fields.scss'

interface FormFieldProps {
  label: string
  /** A validation or server message shown under the control; null or undefined when the field is fine. */
  error?: string | null
  /** Secondary text under the control (e.g. why a choice is locked), hidden while an error shows. */
  hint?: ReactNode
  /** Something on the label's right, e.g. a link to saved accounts. */
  extra?: ReactNode
  children?: ReactNode
}

/** One labelled field of a top-up or account form, with its error right under it. */
export default function FormField({ label, error, hint, extra, children }: FormFieldProps) {
  return (
    <View className={`lp-field${error ? ' lp-field--invalid' : ''}`}>
      <View className='lp-field__head'>
        <Text className='lp-field__label'>{label}</Text>
        {extra}
      </View>
      <View className='lp-field__control'>{children}</View>
      {error ? (
        <View className='lp-field__error' role='alert'>
          {error}
        </View>
      ) : hint ? (
        <View className='lp-field__hint'>{hint}</View>
      ) : null}
    </View>
  )
}
