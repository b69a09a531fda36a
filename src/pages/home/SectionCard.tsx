import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { useMessages } from '../../i18n/messages'
import { homeMessages } from './messages'
import './SectionCard.scss'

interface SectionCardProps {
  title: string
  /** Top-right link, e.g. to the full list. */
  action?: { text: string; onClick: () => void }
  status: 'loading' | 'error' | 'empty' | 'ready'
  onRetry?: () => void
  empty?: ReactNode
  children?: ReactNode
}

/** A card on home with its own loading, error and empty states, so one failing list never blanks the page. */
export default function SectionCard({ title, action, status, onRetry, empty, children }: SectionCardProps) {
  const m = useMessages(homeMessages)
  return (
    <View className='lp-section'>
      <View className='lp-section__header'>
        <View className='lp-section__title' role='heading' aria-level={2}>
          {title}
        </View>
        {action ? (
          <View className='lp-section__action' role='link' onClick={action.onClick}>
            {action.text}
          </View>
        ) : null}
      </View>
      {status === 'loading' ? (
        <View className='lp-section__skeleton' aria-busy='true'>
          <View className='lp-section__skeleton-row' />
          <View className='lp-section__skeleton-row' />
        </View>
      ) : status === 'error' ? (
        <View className='lp-section__message' role='alert'>
          <Text>{m('sectionFailed')}</Text>
          {onRetry ? (
            <View className='lp-section__retry' role='button' onClick={onRetry}>
              {m('retry')}
            </View>
          ) : null}
        </View>
      ) : status === 'empty' ? (
        <View className='lp-section__message'>{empty}</View>
      ) : (
        children
      )}
    </View>
  )
}
