import { REMINDER_DAYS, type DayOfMonthPickerProps } from './dayOfMonthPickerProps'
import './DayOfMonthPicker.h5.scss'

/**
 * H5: a native <select> laid over the value row, so a tap opens the phone's own wheel (iOS) or list (Android), which
 * screen readers and keyboards know. Taro's H5 Picker is a web component of its own (~5 KiB gzip, the reminder page's
 * alone) drawing a wheel in the page.
 */
export default function DayOfMonthPicker({ day, onChange, label, dayText }: DayOfMonthPickerProps) {
  return (
    <div className='lp-reminder-form__value lp-day-picker'>
      <span aria-hidden>{dayText(day)}</span>
      <select
        className='lp-day-picker__select'
        aria-label={label}
        value={day}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {REMINDER_DAYS.map((value) => (
          <option key={value} value={value}>
            {dayText(value)}
          </option>
        ))}
      </select>
    </div>
  )
}
