import { Text } from '@tarojs/components'
import { carrierCodeLabels, type CarrierCode } from '@domain/carrier'
import { label } from '@domain/locale'
import { editPhone, formatPhoneGroups } from '@domain/phoneGrouping'
import { useLocaleStore } from '../../i18n/i18n'
import { useMessages } from '../../i18n/messages'
import { fieldMessages } from './messages'
import TextField, { type TextFieldFormat } from './TextField'

interface PhoneNumberFieldProps {
  /** The 11 plain digits (or fewer while typing): what the form keeps and sends. */
  value: string
  onChange: (digits: string) => void
  /** The carrier the order or account will use, shown beside the number once known. */
  carrier?: CarrierCode
  autoFocus?: boolean
  onBlur?: () => void
}

const phoneGroups: TextFieldFormat = {
  show: formatPhoneGroups,
  edit: (previous, text, caret) => {
    const edit = editPhone(previous, text, caret)
    return { value: edit.digits, caret: edit.caret }
  },
}

// '130 1234 5678' is 13 characters. H5 takes more so a pasted '+86 130-1234-5678' reaches the parser whole instead
// of being cut by the browser; in mini-programs, whose native input shows what was typed until the value changes, a
// 14th character would stay on screen, so the limit is the grouped number's own length there.
const MAX_LENGTH = process.env.TARO_ENV === 'h5' ? 20 : 13

/** The phone number field of the top-up and saved-account forms: typed and shown in 3-4-4 groups, carrier beside. */
export default function PhoneNumberField({ value, onChange, carrier, autoFocus, onBlur }: PhoneNumberFieldProps) {
  const locale = useLocaleStore((s) => s.locale)
  const f = useMessages(fieldMessages)
  return (
    <TextField
      label={f('phoneLabel')}
      value={value}
      large
      keyboard='digits'
      maxLength={MAX_LENGTH}
      format={phoneGroups}
      placeholder={f('phonePlaceholder')}
      autoFocus={autoFocus}
      onChange={onChange}
      onBlur={onBlur}
      suffix={
        carrier ? <Text className='lp-text-field__suffix'>{label(carrierCodeLabels, carrier, locale)}</Text> : null
      }
    />
  )
}
