import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import genericArt from '../assets/empty/generic.svg'
import { useT } from '../i18n/i18n'
import DecorativeImage from './DecorativeImage'
import './PageState.scss'

export type PageStatus = 'loading' | 'empty' | 'error' | 'ready'

interface PageStateProps {
  status: PageStatus
  /** Shown under the error title, e.g. the server's message. */
  errorText?: string
  emptyText?: string
  /**
   * The empty state's illustration (an src/assets/empty/*.svg): the caller imports it, so a subpackage's own art
   * travels in that subpackage and not in the main package, which carries only the generic box.
   */
  emptyArt?: string
  /** The one way out of an empty page, e.g. a button to top up (style it `lp-state__action`). */
  emptyAction?: ReactNode
  onRetry?: () => void
  children?: ReactNode
}

/** Loading, empty and error states of a page or a section, with retry. */
export default function PageState({
  status,
  errorText,
  emptyText,
  emptyArt = genericArt,
  emptyAction,
  onRetry,
  children,
}: PageStateProps) {
  const t = useT()
  if (status === 'ready') return <>{children}</>
  // Each state is keyed: the next state's elements are new ones, not the last state's moved (loading's text pushed
  // under the empty state's art was a layout shift of its own, CLS 0.009 on an empty list).
  if (status === 'loading') {
    return (
      <View className='lp-state' aria-busy='true' key='loading'>
        <View className='lp-state__spinner' />
        <Text className='lp-state__text'>{t('state.loading')}</Text>
      </View>
    )
  }
  if (status === 'empty') {
    return (
      <View className='lp-state' key='empty'>
        <DecorativeImage className='lp-state__empty-art' src={emptyArt} mode='aspectFit' />
        <Text className='lp-state__text'>{emptyText ?? t('state.empty')}</Text>
        {emptyAction}
      </View>
    )
  }
  return (
    <View className='lp-state' role='alert' key='error'>
      <Text className='lp-state__title'>{t('state.error')}</Text>
      {errorText ? <Text className='lp-state__text'>{errorText}</Text> : null}
      {onRetry ? (
        <View className='lp-state__retry' role='button' tabIndex={0} onClick={onRetry}>
          {t('state.retry')}
        </View>
      ) : null}
    </View>
  )
}
