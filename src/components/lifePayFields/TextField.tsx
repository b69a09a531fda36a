import { Input, View } from '@tarojs/components'
import { useState, type ReactNode } from 'react'
import { useMessages } from '../../i18n/messages'
import { useRenderedFieldValue } from '../renderedFieldValue'
import { fieldMessages } from './messages'
import './fields.scss'

/**
 * A field shown in another form than its value, reformatted as the user types (the phone number's 3-4-4 groups).
 * `edit` reads one edit of the shown text, with the caret in it, back into a value and the caret's new place.
 */
export interface TextFieldFormat {
  show: (value: string) => string
  edit: (previous: string, text: string, caret: number) => { value: string; caret: number }
}

interface TextFieldProps {
  value: string
  onChange: (value: string) => void
  placeholder?: string
  /** Screen-reader name (the visible label is the FormField's). */
  label: string
  /** Cleans what was typed or pasted, e.g. digitsOnly; the field shows the cleaned text. */
  filter?: (text: string) => string
  /** Shows the value formatted and keeps the caret after the same character through each edit (instead of `filter`). */
  format?: TextFieldFormat
  /** 'digits' opens the numeric keyboard; 'idcard' the mini-programs' digits-and-X one (H5 has none: text). */
  keyboard?: 'digits' | 'idcard' | 'text'
  maxLength?: number
  /** Big text for the one number a page is about (the phone number). */
  large?: boolean
  disabled?: boolean
  onBlur?: () => void
  onFocus?: () => void
  autoFocus?: boolean
  /** Shown at the end of the field, beside the text (e.g. the carrier of the phone number). */
  suffix?: ReactNode
}

// H5 'tel' gives the numeric keypad and still accepts a pasted '138 1234 5678'; mini-programs know 'number'.
const DIGITS_TYPE = (process.env.TARO_ENV === 'h5' ? 'tel' : 'number') as 'number'
const INPUT_TYPES = {
  digits: DIGITS_TYPE,
  idcard: process.env.TARO_ENV === 'h5' ? 'text' : 'idcard',
  text: 'text',
} as const

/** H5: the native <input> the Taro Input draws inside its host element; mini-programs have no DOM to reach. */
function nativeInputOf(target: unknown): HTMLInputElement | null {
  if (process.env.TARO_ENV !== 'h5' || typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement))
    return null
  return target instanceof HTMLInputElement ? target : target.querySelector('input')
}

/** A single-line input that keeps only what `filter` allows; clearable. */
export default function TextField(props: TextFieldProps) {
  const { value, onChange, placeholder, label, filter, format, keyboard = 'text', maxLength, large, disabled } = props
  const m = useMessages(fieldMessages)
  // Mini-programs: where the caret goes after a formatted edit, passed to the Input with the new value (rendered
  // natively, it would otherwise jump to the end each time the groups move).
  const [cursor, setCursor] = useState<number | undefined>(undefined)
  const miniCursor = process.env.TARO_ENV === 'h5' || cursor === undefined ? {} : { cursor }
  const field = useRenderedFieldValue(format ? format.show(value) : value)
  // Focus is asked for when the field appears (the element focuses its native input when it first draws it). A
  // `focus` that turned on later would have the element focus itself while React commits, and its focus event then
  // calls flushSync inside the commit ("flushSync was called from inside a lifecycle method").
  const [autoFocus] = useState(props.autoFocus)
  return (
    <View className={`lp-text-field${large ? ' lp-text-field--large' : ''}`}>
      <Input
        ref={field.ref}
        className='lp-text-field__input'
        type={INPUT_TYPES[keyboard]}
        value={field.value}
        {...miniCursor}
        placeholder={placeholder}
        placeholderClass='lp-text-field__placeholder'
        maxlength={maxLength ?? 140}
        disabled={disabled}
        focus={autoFocus}
        // H5 draws a native <input> inside the component: the name has to be on it, not on the host.
        nativeProps={{ 'aria-label': label }}
        onInput={(event) => {
          const raw = String(event.detail.value ?? '')
          const native = nativeInputOf(event.target)
          // H5's event reports the end of the text as its cursor: the native input knows where the caret really is,
          // provided it holds the text the event reports.
          const caret =
            native && native.value === raw ? (native.selectionEnd ?? raw.length) : (event.detail.cursor ?? raw.length)
          let next = filter ? filter(raw) : raw
          let shown = next
          let nextCaret: number | undefined
          if (format) {
            const edit = format.edit(value, raw, caret)
            next = edit.value
            shown = format.show(next)
            nextCaret = edit.caret
          }
          // H5 shows what was typed until told otherwise; mini-programs render the controlled value. Before the
          // element has drawn its native input there is nothing shown, and writing its value would throw (see
          // useRenderedFieldValue).
          const target = event.target as { value?: string } | null
          const drawn = process.env.TARO_ENV !== 'h5' || native !== null
          if (shown !== raw && drawn && target && 'value' in target) target.value = shown
          if (native && native.value !== shown) native.value = shown
          // Writing the value puts a browser's caret at the end: put it back after the same digit.
          if (native && nextCaret !== undefined && native.ownerDocument.activeElement === native) {
            native.setSelectionRange(nextCaret, nextCaret)
          }
          if (nextCaret !== undefined) setCursor(nextCaret)
          onChange(next)
        }}
        onBlur={() => props.onBlur?.()}
        onFocus={() => props.onFocus?.()}
      />
      {props.suffix}
      {value && !disabled ? (
        <View
          className='lp-text-field__clear'
          role='button'
          tabIndex={0}
          aria-label={`${m('clear')} ${label}`}
          onClick={() => {
            setCursor(0)
            onChange('')
          }}
        >
          ×
        </View>
      ) : null}
    </View>
  )
}
