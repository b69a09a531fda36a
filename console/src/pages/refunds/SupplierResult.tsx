import { Tag, Typography } from 'antd'
import { supplierFailureReason, supplierReasonText, supplierReportedDelivered } from '@domain/supplierResult'
import { useLocale } from '../../i18n/locale'
import { useMessages } from '../../i18n/messages'
import { refundMessages } from './messages'

/** The supplier's last word (`success`, `failed: <reason>`, or none yet) as a reviewer reads it, in their language. */
export function SupplierResult({ result }: { result: string | null | undefined }) {
  const text = useMessages(refundMessages)
  const locale = useLocale((state) => state.locale)
  if (!result) return <Tag>{text.supplierNone}</Tag>
  if (supplierReportedDelivered(result)) return <Tag color='green'>{text.supplierSuccess}</Tag>
  const failure = supplierFailureReason(result)
  if (failure === null) return <Typography.Text>{result}</Typography.Text>
  return (
    <>
      <Tag color='red'>{text.supplierFailed}</Tag>
      <Typography.Text type='secondary'>{supplierReasonText(failure, locale)}</Typography.Text>
    </>
  )
}
