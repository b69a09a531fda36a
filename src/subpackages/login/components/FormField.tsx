import { Input, Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { useRenderedFieldValue } from '../../../components/renderedFieldValue'
import './FormField.scss'

// H5 'tel' gives the numeric keypad and still accepts a pasted '138 1234 5678' (a 'number' field refuses it and
// draws spinners); mini-programs know 'number'. The same as the top-up forms' fields (lifePayFields/TextField).
const DIGITS_TYPE = (process.env.TARO_ENV === 'h5' ? 'tel' : 'number') as 'number'

interface FormFieldProps {
  /** Names the field for assistive technology and tests. */
  name: string
  label: string
  value: string
  placeholder: string
  onInput: (value: string) => void
  onBlur?: () => void
  /** The message under the field; none when the value passes. */
  error?: string
  /** 'digits' (phone, codes): the digit keypad, as the top-up forms give it (H5 'tel', mini-programs 'number'). */
  type?: 'text' | 'digits'
  password?: boolean
  maxlength?: number
  /** Beside the input, e.g. the captcha button. */
  suffix?: ReactNode
}

/** One labelled input row with its validation message underneath. */
export default function FormField({
  name,
  label,
  value,
  placeholder,
  onInput,
  onBlur,
  error,
  type = 'text',
  password = false,
  maxlength = 140,
  suffix,
}: FormFieldProps) {
  const field = useRenderedFieldValue(value)
  return (
    <View className={`lp-login-field ${error ? 'lp-login-field--error' : ''}`} data-field={name}>
      <View className='lp-login-field__row'>
        <Text className='lp-login-field__label'>{label}</Text>
        <Input
          ref={field.ref}
          className='lp-login-field__input'
          name={name}
          value={field.value}
          type={type === 'digits' ? DIGITS_TYPE : 'text'}
          password={password}
          maxlength={maxlength}
          placeholder={placeholder}
          placeholderClass='lp-login-field__placeholder'
          // H5 draws a native <input> inside the component: its name goes on it, the visible label is beside it.
          nativeProps={{ 'aria-label': label }}
          onInput={(event) => onInput(event.detail.value)}
          onBlur={() => onBlur?.()}
        />
        {suffix}
      </View>
      {error ? (
        <View className='lp-login-field__error' role='alert'>
          {error}
        </View>
      ) : null}
    </View>
  )
}
