import { View } from '@tarojs/components'
import './SubmitButton.scss'

interface SubmitButtonProps {
  text: string
  busyText: string
  busy: boolean
  onClick: () => void
}

/** The form's one primary action; ignores taps while its request runs. */
export default function SubmitButton({ text, busyText, busy, onClick }: SubmitButtonProps) {
  return (
    <View
      className={`lp-submit ${busy ? 'lp-submit--busy' : ''}`}
      role='button'
      tabIndex={0}
      aria-busy={busy}
      aria-disabled={busy}
      onClick={() => {
        if (!busy) onClick()
      }}
    >
      {busy ? busyText : text}
    </View>
  )
}
