import { Tag, Typography } from 'antd'
import { supplierReportedDelivered } from '../../../../src/domain/supplierResult'
import { useMessages } from '../../i18n/messages'
import { refundMessages } from './messages'

/** The supplier's last word (`success`, `failed: <reason>`, or none yet) as a reviewer reads it. */
export function SupplierResult({ result }: { result: string | null }) {
  const text = useMessages(refundMessages)
  if (!result) return <Tag>{text.supplierNone}</Tag>
  if (supplierReportedDelivered(result)) return <Tag color='green'>{text.supplierSuccess}</Tag>
  if (!result.startsWith('failed')) return <Typography.Text>{result}</Typography.Text>
  const reason = result.replace(/^failed:?\s*/, '')
  return (
    <>
      <Tag color='red'>{text.supplierFailed}</Tag>
      {reason && <Typography.Text type='secondary'>{reason}</Typography.Text>}
    </>
  )
}
