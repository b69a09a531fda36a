import { Input, View } from '@tarojs/components'
import { useMessages } from '../../i18n/messages'
import { fieldMessages } from './messages'
import './fields.scss'

interface TextFieldProps {
  value: string
  onChange: (value: string) => void
  placeholder?: string
  /** Screen-reader name (the visible label is the FormField's). */
  label: string
  /** Cleans what was typed or pasted, e.g. digitsOnly; the field shows the cleaned text. */
  filter?: (text: string) => string
  /** 'digits' opens the numeric keyboard. */
  keyboard?: 'digits' | 'text'
  maxLength?: number
  /** Big text for the one number a page is about (the phone number). */
  large?: boolean
  disabled?: boolean
  onBlur?: () => void
  onFocus?: () => void
  autoFocus?: boolean
}

// H5 'tel' gives the numeric keypad and still accepts a pasted '138 1234 5678'; mini-programs know 'number'.
const DIGITS_TYPE = (process.env.TARO_ENV === 'h5' ? 'tel' : 'number') as 'number'

/** A single-line input that keeps only what `filter` allows; clearable. */
export default function TextField(props: TextFieldProps) {
  const { value, onChange, placeholder, label, filter, keyboard = 'text', maxLength, large, disabled } = props
  const m = useMessages(fieldMessages)
  return (
    <View className={`lp-text-field${large ? ' lp-text-field--large' : ''}`}>
      <Input
        className='lp-text-field__input'
        type={keyboard === 'digits' ? DIGITS_TYPE : 'text'}
        value={value}
        placeholder={placeholder}
        placeholderClass='lp-text-field__placeholder'
        maxlength={maxLength ?? 140}
        disabled={disabled}
        focus={props.autoFocus}
        // H5 draws a native <input> inside the component: the name has to be on it, not on the host.
        nativeProps={{ 'aria-label': label }}
        onInput={(event) => {
          const raw = String(event.detail.value ?? '')
          const cleaned = filter ? filter(raw) : raw
          // H5 shows what was typed until told otherwise; mini-programs render the controlled value.
          const target = event.target as { value?: string } | null
          if (cleaned !== raw && target && 'value' in target) target.value = cleaned
          onChange(cleaned)
        }}
        onBlur={() => props.onBlur?.()}
        onFocus={() => props.onFocus?.()}
      />
      {value && !disabled ? (
        <View
          className='lp-text-field__clear'
          role='button'
          tabIndex={0}
          aria-label={`${m('clear')} ${label}`}
          onClick={() => onChange('')}
        >
          ×
        </View>
      ) : null}
    </View>
  )
}
