import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { useMessages } from '../../i18n/messages'
import { homeMessages } from './messages'
import TopUpRowSkeleton from './TopUpRowSkeleton'
import './SectionCard.scss'

interface SectionCardProps {
  title: string
  /** Top-right link, e.g. to the full list. */
  action?: { text: string; onClick: () => void }
  status: 'loading' | 'error' | 'empty' | 'ready'
  /** Rows held while loading: as many as the list usually shows, so the page below does not jump when it arrives. */
  skeletonRows: number
  /** The rows have a status line (TopUpRow's `status`): their skeletons do too. */
  rowsWithStatus?: boolean
  onRetry?: () => void
  empty?: ReactNode
  children?: ReactNode
}

/** A card on home with its own loading, error and empty states, so one failing list never blanks the page. */
export default function SectionCard({
  title,
  action,
  status,
  skeletonRows,
  rowsWithStatus = false,
  onRetry,
  empty,
  children,
}: SectionCardProps) {
  const m = useMessages(homeMessages)
  return (
    <View className='lp-section'>
      <View className='lp-section__header'>
        <View className='lp-section__title' role='heading' aria-level={2}>
          {title}
        </View>
        {action ? (
          <View className='lp-section__action' role='link' tabIndex={0} onClick={action.onClick}>
            {action.text}
          </View>
        ) : null}
      </View>
      {status === 'loading' ? (
        <View aria-busy='true'>
          {Array.from({ length: skeletonRows }, (_, row) => (
            <TopUpRowSkeleton key={row} withStatus={rowsWithStatus} />
          ))}
        </View>
      ) : status === 'error' ? (
        <View className='lp-section__message' role='alert'>
          <Text>{m('sectionFailed')}</Text>
          {onRetry ? (
            <View className='lp-section__retry' role='button' tabIndex={0} onClick={onRetry}>
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
