import { REMINDER_DAY_MAX, REMINDER_DAY_MIN } from '@domain/reminderSchedule'

/** The days a monthly reminder may fall on, in order. */
export const REMINDER_DAYS = Array.from(
  { length: REMINDER_DAY_MAX - REMINDER_DAY_MIN + 1 },
  (_, i) => REMINDER_DAY_MIN + i,
)

/** Props of DayOfMonthPicker (DayOfMonthPicker.tsx in mini-programs, DayOfMonthPicker.h5.tsx on H5). */
export interface DayOfMonthPickerProps {
  day: number
  onChange: (day: number) => void
  /** The field's name, for screen readers (the visible label sits above the picker). */
  label: string
  /** A day as the picker shows it ("每月15日 09:00"). */
  dayText: (day: number) => string
}
