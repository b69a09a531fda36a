import { useQuery } from '@tanstack/react-query'
import { Text } from '@tarojs/components'
import { useEffect, useRef } from 'react'
import { formatLocalTime, isSameLocalDay, parseServerTime } from '@domain/localTime'
import { useMessages } from '../../../i18n/messages'
import { getUserLifePayOrderDetailQueryOptions } from '../../../services/api/orders'
import { rechargeMessages } from '../messages'
import './ExpectedDelivery.scss'

/** 'HH:mm' today, 'MM-DD HH:mm' on another day. */
function expectedTime(iso: string): string {
  const time = parseServerTime(iso)
  if (!time) return ''
  return formatLocalTime(time, isSameLocalDay(time, new Date()) ? 'HH:mm' : 'MM-DD HH:mm')
}

/**
 * "预计 HH:mm 前到账" while an order recharges: the server's expected time (payment time + the usual delivery time of its
 * type). The result page may have read the order before the payment was confirmed: then it asks once more.
 */
export default function ExpectedDelivery({ orderNo }: { orderNo: string }) {
  const m = useMessages(rechargeMessages)
  const detail = useQuery({ ...getUserLifePayOrderDetailQueryOptions(orderNo), enabled: orderNo !== '' })
  const askedAgain = useRef(false)
  const expected = detail.data?.expectedDeliveryTime
  useEffect(() => {
    if (!detail.data || expected || detail.isFetching || askedAgain.current) return
    askedAgain.current = true
    void detail.refetch()
  }, [detail, expected])
  if (!expected) return null
  return <Text className='lp-expected-delivery'>{m('expectedBy', { time: expectedTime(expected) })}</Text>
}
