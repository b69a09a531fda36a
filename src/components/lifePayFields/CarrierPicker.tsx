import { carrierCodeLabels, carrierCodeValues, type CarrierCode } from '@domain/carrier'
import { label } from '@domain/locale'
import { useLocaleStore } from '../../i18n/i18n'
import { useMessages } from '../../i18n/messages'
import FormField from './FormField'
import OptionChips from './OptionChips'
import { fieldMessages } from './messages'

interface CarrierPickerProps {
  /** The carrier the order will use: the user's choice, else the detected one. */
  value?: CarrierCode
  /**
   * The carrier to preselect and mark on its chip: detectCarrier(phone), or the carrier lookup's answer; undefined when
   * the segment is unknown (e.g. 192).
   */
  detected?: CarrierCode
  /**
   * `detected` is the carrier lookup's answer (issue 20), not the segment's guess: marked "verified", since for a
   * ported number "detected from the segment" would name the very carrier the segment does not suggest.
   */
  verified?: boolean
  /** The number has all 11 digits, so an unknown carrier is worth telling. */
  phoneComplete: boolean
  onChange: (carrier: CarrierCode) => void
  error?: string | null
}

/**
 * The three carriers with the detected one preselected by the caller and marked, overridable because numbers can be
 * ported between carriers; tells the user when they overrode it or when nothing could be detected.
 */
export default function CarrierPicker({
  value,
  detected,
  verified = false,
  phoneComplete,
  onChange,
  error,
}: CarrierPickerProps) {
  const locale = useLocaleStore((s) => s.locale)
  const m = useMessages(fieldMessages)
  const options = carrierCodeValues.map((code) => ({
    value: code,
    label: label(carrierCodeLabels, code, locale),
    badge: code === detected ? m(verified ? 'carrierVerified' : 'carrierDetected') : undefined,
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
