import { useQuery } from '@tanstack/react-query'
import { Image, Spin, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { ApiError } from '../../api/http'
import { getRefundVoucher } from '../../api/refunds'
import { useMessages } from '../../i18n/messages'
import { orderMessages } from './messages'

/**
 * An order's refund voucher, read through the server (the bucket's voucher folder is private). The server serves only
 * an image, by its bytes: a voucher stored before that check that is not one is said in words, never drawn as a
 * broken image.
 */
export function RefundVoucherImage({ orderNo }: { orderNo: string }) {
  const text = useMessages(orderMessages)
  const voucher = useQuery({
    queryKey: ['orders', 'voucher', orderNo],
    queryFn: () => getRefundVoucher(orderNo),
    retry: false,
  })
  const [src, setSrc] = useState<string>()
  useEffect(() => {
    if (!voucher.data) return undefined
    const url = URL.createObjectURL(voucher.data)
    setSrc(url)
    return () => URL.revokeObjectURL(url)
  }, [voucher.data])
  if (voucher.isPending) return <Spin size='small' />
  if (voucher.isError) {
    const code = voucher.error instanceof ApiError ? voucher.error.code : null
    return (
      <Typography.Text type='warning' data-testid='voucher-unavailable'>
        {code === 'VOUCHER_NOT_IMAGE'
          ? text.voucherNotImage
          : code === 'NOT_FOUND'
            ? text.voucherMissing
            : voucher.error.message}
      </Typography.Text>
    )
  }
  return src ? <Image width={160} src={src} alt={text.voucher} /> : <Spin size='small' />
}
