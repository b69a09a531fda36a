import { carrierCodeLabels, carrierCodeValues, type CarrierCode } from '../../domain/carrier'
import { label } from '../../domain/locale'
import { useLocaleStore } from '../../i18n/i18n'
import { useMessages } from '../../i18n/messages'
import FormField from './FormField'
import OptionChips from './OptionChips'
import { fieldMessages } from './messages'

interface CarrierPickerProps {
  /** The carrier the order will use: the user's choice, else the detected one. */
  value?: CarrierCode
  /** detectCarrier(phone): marked on its chip; undefined when the segment is unknown (e.g. 192). */
  detected?: CarrierCode
  /** The number has all 11 digits, so an unknown carrier is worth telling. */
  phoneComplete: boolean
  onChange: (carrier: CarrierCode) => void
  error?: string | null
}

/**
 * The three carriers with the detected one preselected by the caller and marked, overridable because numbers can be
 * ported between carriers; tells the user when they overrode it or when nothing could be detected.
 */
export default function CarrierPicker({ value, detected, phoneComplete, onChange, error }: CarrierPickerProps) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(fieldMessages)
  const options = carrierCodeValues.map((code) => ({
    value: code,
    label: label(carrierCodeLabels, code, locale),
    badge: code === detected ? m('carrierDetected') : undefined,
  }))
  let hint: string | undefined
  if (phoneComplete && !detected && !value) hint = m('carrierUnknown')
  else if (detected && value && value !== detected) hint = m('carrierOverridden')
  return (
    <FormField label={m('carrierLabel')} error={error} hint={hint}>
      <OptionChips options={options} value={value} onChange={onChange} label={m('carrierLabel')} />
    </FormField>
  )
}
