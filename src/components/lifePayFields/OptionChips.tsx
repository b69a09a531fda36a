import { Text, View } from '@tarojs/components'
import { rovingTabStop } from '../rovingTabStop'
import './fields.scss'

export interface ChipOption<T extends string | number> {
  value: T
  label: string
  /** Small tag in the chip's corner, e.g. 'Detected'. */
  badge?: string
  /** Drawn subdued: offered but not advised. */
  muted?: boolean
  disabled?: boolean
}

interface OptionChipsProps<T extends string | number> {
  options: readonly ChipOption<T>[]
  value?: T
  onChange: (value: T) => void
  /** Screen-reader name of the group (the visible label is the FormField's). */
  label: string
  columns?: 2 | 3 | 4
}

/** A single choice among a few options, as large tappable chips (a radio group). */
export default function OptionChips<T extends string | number>({
  options,
  value,
  onChange,
  label,
  columns = 3,
}: OptionChipsProps<T>) {
  const tabStop = rovingTabStop(
    options,
    (option) => option.value === value,
    (option) => !!option.disabled,
  )
  return (
    <View className={`lp-chips lp-chips--${columns}`} role='radiogroup' aria-label={label}>
      {options.map((option, index) => {
        const selected = option.value === value
        const classes = ['lp-chip']
        if (selected) classes.push('lp-chip--selected')
        if (option.muted) classes.push('lp-chip--muted')
        if (option.disabled) classes.push('lp-chip--disabled')
        return (
          <View
            key={String(option.value)}
            className={classes.join(' ')}
            role='radio'
            tabIndex={index === tabStop ? 0 : -1}
            aria-checked={selected}
            aria-disabled={option.disabled || undefined}
            onClick={() => {
              if (!option.disabled && !selected) onChange(option.value)
            }}
          >
            <Text className='lp-chip__label'>{option.label}</Text>
            {option.badge ? <Text className='lp-chip__badge'>{option.badge}</Text> : null}
          </View>
        )
      })}
    </View>
  )
}
