import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import type { OrphanPayment } from '@contract/admin'
import { label } from '@domain/locale'
import { lifePayTypeLabels, type LifePayType } from '@domain/lifePayType'
import { orphanReasonLabels, orphanStatuses, orphanStatusLabels, type OrphanStatus } from '@domain/moneyEdges'
import { markOrphanReturned, orphanPaymentsQuery } from '../../api/money'
import { dateTime, yuan } from '../../components/displayValues'
import { PageHeader } from '../../components/PageHeader'
import { QueryError } from '../../components/QueryError'
import { commonMessages } from '../../i18n/common'
import { useLocale } from '../../i18n/locale'
import { format, useMessages } from '../../i18n/messages'
import { orderPath } from '../../paths'
import { useCan } from '../../session/useOperator'
import { moneyMessages } from './messages'
import { RemarkModal } from './RemarkModal'

const statusColor: Record<OrphanStatus, string> = {
  refunding: 'processing',
  returned: 'success',
  notReturned: 'error',
  returnedManually: 'default',
}

/**
 * Orphan payments (docs/money.md): money a provider took that no order keeps, each with its automatic refund; a
 * reviewer records how the money of a refund that failed was returned another way.
 */
export default function OrphanPaymentsPage() {
  const text = useMessages(moneyMessages)
  const common = useMessages(commonMessages)
  const locale = useLocale((state) => state.locale)
  const canAct = useCan('reviewer')
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [status, setStatus] = useState<OrphanStatus | undefined>()
  const orphans = useQuery(orphanPaymentsQuery(status))
  const [returning, setReturning] = useState<OrphanPayment | null>(null)
  const returned = useMutation({
    mutationFn: markOrphanReturned,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['orphanPayments'] })
      void message.success(text.returned)
      setReturning(null)
    },
    onError: (error) => void message.error(error.message),
  })

  const columns: TableColumnsType<OrphanPayment> = [
    { title: text.paidAt, dataIndex: 'paidAt', render: dateTime },
    {
      title: text.provider,
      key: 'provider',
      render: (_, orphan) =>
        `${label(lifePayTypeLabels, orphan.lifePayType as LifePayType, locale)} · ${orphan.provider}`,
    },
    { title: text.amount, dataIndex: 'amountFen', align: 'right', render: (fen: number) => yuan(fen / 100) },
    {
      title: text.reason,
      dataIndex: 'reason',
      render: (reason: OrphanPayment['reason']) => label(orphanReasonLabels, reason, locale),
    },
    {
      title: text.reference,
      key: 'reference',
      render: (_, orphan) => (
        <Space direction='vertical' size={0}>
          {orphan.orderNo ? <Link to={orderPath(orphan.orderNo)}>{orphan.orderNo}</Link> : null}
          {orphan.outTradeNo !== orphan.orderNo ? <Typography.Text code>{orphan.outTradeNo}</Typography.Text> : null}
          <Typography.Text type='secondary' copyable>
            {orphan.transactionId}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: text.learnedFrom,
      dataIndex: 'source',
      render: (source: string) => text.sources[source] ?? source,
    },
    {
      title: text.refund,
      key: 'refund',
      render: (_, orphan) => (
        <Space direction='vertical' size={0}>
          <Tag color={statusColor[orphan.status]}>{label(orphanStatusLabels, orphan.status, locale)}</Tag>
          <Typography.Text type='secondary'>{orphan.refundNo}</Typography.Text>
          {orphan.refundRemark ? <Typography.Text type='danger'>{orphan.refundRemark}</Typography.Text> : null}
          {orphan.operatorRemark ? <Typography.Text>{orphan.operatorRemark}</Typography.Text> : null}
        </Space>
      ),
    },
    ...(canAct
      ? [
          {
            title: common.actions,
            key: 'actions',
            render: (_: unknown, orphan: OrphanPayment) =>
              orphan.status === 'notReturned' ? (
                <Button size='small' danger onClick={() => setReturning(orphan)}>
                  {text.markReturned}
                </Button>
              ) : null,
          },
        ]
      : []),
  ]

  return (
    <>
      <PageHeader
        title={text.orphansTitle}
        extra={
          <Select<OrphanStatus | 'all'>
            aria-label={text.filterStatus}
            style={{ width: 220 }}
            value={status ?? 'all'}
            onChange={(value) => setStatus(value === 'all' ? undefined : value)}
            options={[
              { value: 'all', label: text.all },
              ...orphanStatuses.map((value) => ({ value, label: label(orphanStatusLabels, value, locale) })),
            ]}
          />
        }
      />
      <Alert type='info' showIcon title={text.orphansHelp} className='lp-section' />
      {orphans.isError ? (
        <QueryError error={orphans.error} onRetry={() => void orphans.refetch()} />
      ) : (
        <Table<OrphanPayment>
          data-testid='orphan-payments'
          rowKey='id'
          loading={orphans.isPending}
          dataSource={orphans.data}
          columns={columns}
          pagination={{ pageSize: 20, showTotal: (count) => format(common.total, { count }) }}
          locale={{ emptyText: common.empty }}
        />
      )}
      {returning ? (
        <RemarkModal
          title={text.returnedTitle}
          label={text.returnedRemark}
          help={text.returnedRemarkHelp}
          okText={text.markReturned}
          cancelText={common.cancel}
          pending={returned.isPending}
          onSubmit={(remark) => returned.mutate({ id: returning.id, remark })}
          onClose={() => setReturning(null)}
        />
      ) : null}
    </>
  )
}
