import { Text, View } from '@tarojs/components'
import './result.scss'

export interface ResultStep {
  label: string
  state: 'done' | 'active' | 'failed' | 'todo'
}

/** The order's way so far: paid → recharging → succeeded, or paid → failed → refunded. */
export default function ResultSteps({ steps }: { steps: readonly ResultStep[] }) {
  return (
    <View className='lp-steps' role='list'>
      {steps.map((step, index) => (
        <View
          key={step.label}
          className={`lp-steps__item lp-steps__item--${step.state}`}
          role='listitem'
          aria-current={step.state === 'active' ? 'step' : undefined}
        >
          <View className='lp-steps__track'>
            <View className={`lp-steps__line${index === 0 ? ' lp-steps__line--hidden' : ''}`} />
            <View className='lp-steps__dot' />
            <View className={`lp-steps__line${index === steps.length - 1 ? ' lp-steps__line--hidden' : ''}`} />
          </View>
          <Text className='lp-steps__label'>{step.label}</Text>
        </View>
      ))}
    </View>
  )
}
