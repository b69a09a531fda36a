import { Text, View } from '@tarojs/components'
import type { CommonEvent, ITouchEvent } from '@tarojs/components'
import { useRef, useState, type ReactNode } from 'react'
import { useMessages } from '../../../i18n/messages'
import { orderMessages } from '../messages'
import './PullToRefresh.scss'

// Pixels of finger travel (halved for resistance) that arm a refresh, and the height the header rests at meanwhile.
const THRESHOLD_PX = 56
const HEAD_PX = 48
const MAX_PULL_PX = 96

type PullState = 'idle' | 'pulling' | 'armed' | 'refreshing'

/** A View's touch handlers are typed as common events; the first finger's position. */
function touchY(event: CommonEvent): number | null {
  return (event as unknown as ITouchEvent).touches?.[0]?.clientY ?? null
}

interface PullToRefreshProps {
  /** The scroll position of the list around it: pulling only starts at the top. */
  atTop: () => boolean
  onRefresh: () => Promise<unknown>
  children?: ReactNode
}

/** Pull down at the top of a list to reload it; the same touch handling in H5 and both mini-programs. */
export default function PullToRefresh({ atTop, onRefresh, children }: PullToRefreshProps) {
  const m = useMessages(orderMessages)
  const startY = useRef<number | null>(null)
  const [pull, setPull] = useState(0)
  const [state, setState] = useState<PullState>('idle')

  const onTouchStart = (event: CommonEvent) => {
    startY.current = state !== 'refreshing' && atTop() ? touchY(event) : null
  }
  const onTouchMove = (event: CommonEvent) => {
    const y = touchY(event)
    if (startY.current === null || y === null) return
    const distance = Math.min(Math.max((y - startY.current) / 2, 0), MAX_PULL_PX)
    setPull(distance)
    setState(distance === 0 ? 'idle' : distance >= THRESHOLD_PX ? 'armed' : 'pulling')
  }
  const onTouchEnd = () => {
    if (startY.current === null) return
    startY.current = null
    if (state !== 'armed') {
      setPull(0)
      setState('idle')
      return
    }
    setPull(HEAD_PX)
    setState('refreshing')
    void onRefresh()
      .catch(() => undefined)
      .finally(() => {
        setPull(0)
        setState('idle')
      })
  }

  const text = state === 'armed' ? m('releaseToRefresh') : state === 'refreshing' ? m('refreshing') : m('pullToRefresh')
  return (
    <View
      className='lp-pull'
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
      onTouchCancel={onTouchEnd}
    >
      <View
        className={`lp-pull__head${state === 'pulling' || state === 'armed' ? '' : ' lp-pull__head--settle'}`}
        style={{ height: `${pull}px` }}
        aria-live='polite'
      >
        {state !== 'idle' ? (
          <View className='lp-pull__status'>
            {state === 'refreshing' ? <View className='lp-pull__spinner' /> : null}
            <Text>{text}</Text>
          </View>
        ) : null}
      </View>
      {children}
    </View>
  )
}
