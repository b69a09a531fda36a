import { useQuery } from '@tanstack/react-query'
import { Table, type TableColumnsType } from 'antd'
import { Link } from 'react-router-dom'
import { refundApplyReasonText } from '@domain/refundApplyReason'
import type { LifePayOrderListOutput } from '@contract/operator'
import { refundQueueQuery } from '../../api/refunds'
import { CellText } from '../../components/CellText'
import { dateTime, yuan } from '../../components/displayValues'
import { PageHeader } from '../../components/PageHeader'
import { QueryError } from '../../components/QueryError'
import { commonMessages } from '../../i18n/common'
import { useLocale } from '../../i18n/locale'
import { format, useMessages } from '../../i18n/messages'
import { orderPath } from '../../paths'
import { useCan } from '../../session/useOperator'
import { refundMessages } from './messages'
import { RefundReviewActions } from './RefundReviewActions'
import { SupplierResult } from './SupplierResult'

/** Refunds waiting for review (order status 40), oldest application first; reviewers approve or reject. Paged here. */
export default function RefundsPage() {
  const text = useMessages(refundMessages)
  const canReview = useCan('reviewer')
  const common = useMessages(commonMessages)
  const locale = useLocale((state) => state.locale)
  const queue = useQuery(refundQueueQuery)

  const columns: TableColumnsType<LifePayOrderListOutput> = [
    {
      title: text.orderNo,
      dataIndex: 'orderNo',
      render: (orderNo: string) => <Link to={orderPath(orderNo)}>{orderNo}</Link>,
    },
    { title: text.userPhone, dataIndex: 'phoneNumber', render: (phone: string | null) => phone ?? '-' },
    { title: text.account, dataIndex: 'account' },
    { title: text.applyTime, dataIndex: 'refundApplyTime', render: dateTime },
    {
      title: text.reason,
      dataIndex: 'refundApplyRemark',
      // One line in the queue; the whole reason on hover and on the order's page.
      render: (remark: string | null, order) =>
        remark === null ? (
          '-'
        ) : (
          <CellText text={refundApplyReasonText(remark, order.refundApplyReason, locale)} width={240} />
        ),
    },
    { title: text.faceValue, dataIndex: 'rechargeAmount', align: 'right', render: yuan },
    { title: text.paid, dataIndex: 'payAmount', align: 'right', render: yuan },
    {
      title: text.supplierResult,
      dataIndex: 'supplierResult',
      render: (result: string | null) => <SupplierResult result={result} />,
    },
    ...(canReview
      ? [
          {
            title: common.actions,
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, order: LifePayOrderListOutput) => <RefundReviewActions order={order} />,
          },
        ]
      : []),
  ]

  return (
    <>
      <PageHeader title={text.title} />
      {queue.isError ? (
        <QueryError error={queue.error} onRetry={() => void queue.refetch()} />
      ) : (
        <Table<LifePayOrderListOutput>
          data-testid='refunds-table'
          rowKey='id'
          size='middle'
          columns={columns}
          dataSource={queue.data}
          loading={queue.isFetching}
          pagination={{
            defaultPageSize: 20,
            showSizeChanger: true,
            showTotal: (count) => format(common.total, { count }),
          }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: text.queueEmpty }}
        />
      )}
    </>
  )
}
