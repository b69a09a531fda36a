import { Picker, View } from '@tarojs/components'
import { REMINDER_DAYS, type DayOfMonthPickerProps } from './dayOfMonthPickerProps'

/** Mini-programs: the host's own picker (wx/my selector), opened from the value row, which names the day chosen. */
export default function DayOfMonthPicker({ day, onChange, dayText }: DayOfMonthPickerProps) {
  return (
    <Picker
      mode='selector'
      range={REMINDER_DAYS}
      value={day - REMINDER_DAYS[0]}
      onChange={(e) => onChange(REMINDER_DAYS[Number(e.detail.value)])}
    >
      <View className='lp-reminder-form__value' role='button' tabIndex={0}>
        {dayText(day)}
      </View>
    </Picker>
  )
}
