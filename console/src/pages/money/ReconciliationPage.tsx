import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, DatePicker, Empty, Space, Table, Tag, Typography, type TableColumnsType } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import type { ReconciliationItem, ReconciliationRun, ReconciliationTotals } from '@contract/admin'
import { label } from '@domain/locale'
import {
  reconciliationActionLabels,
  reconciliationItemStatusLabels,
  reconciliationKindLabels,
  reconciliationSourceLabels,
} from '@domain/moneyEdges'
import {
  exportReconciliation,
  reconciliationQuery,
  resolveReconciliationItem,
  runReconciliation,
} from '../../api/money'
import { dateTime, yuan } from '../../components/displayValues'
import { PageHeader } from '../../components/PageHeader'
import { QueryError } from '../../components/QueryError'
import { saveDownload } from '../../components/saveDownload'
import { commonMessages } from '../../i18n/common'
import { useLocale } from '../../i18n/locale'
import { format, useMessages } from '../../i18n/messages'
import { orderPath } from '../../paths'
import { useCan } from '../../session/useOperator'
import { moneyMessages } from './messages'
import { RemarkModal } from './RemarkModal'

const statusColor: Record<ReconciliationItem['status'], string> = {
  open: 'error',
  resolved: 'success',
  gone: 'default',
}
const runColor: Record<ReconciliationRun['status'], string> = {
  running: 'processing',
  done: 'success',
  waiting: 'warning',
  failed: 'error',
}

/** Yesterday in Asia/Shanghai: the day the morning's run reconciled. */
const yesterday = () =>
  dayjs(Date.now() + 8 * 3600_000 - 24 * 3600_000)
    .toISOString()
    .slice(0, 10)

/**
 * A day's reconciliation (docs/money.md): each source's money on both sides, the differences found and what was done
 * about each; reviewers run the day again, resolve what they dealt with, and export the day.
 */
export default function ReconciliationPage() {
  const text = useMessages(moneyMessages)
  const common = useMessages(commonMessages)
  const locale = useLocale((state) => state.locale)
  const canAct = useCan('reviewer')
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [params, setParams] = useSearchParams()
  const date = params.get('date') ?? yesterday()
  const report = useQuery(reconciliationQuery(date))
  const [resolving, setResolving] = useState<ReconciliationItem | null>(null)

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['reconciliation', date] })
  const rerun = useMutation({
    mutationFn: () => runReconciliation(date),
    onSuccess: (fresh) => {
      queryClient.setQueryData(reconciliationQuery(date).queryKey, fresh)
      void message.success(format(text.ran, { date }))
    },
    onError: (error) => void message.error(error.message),
  })
  const resolve = useMutation({
    mutationFn: resolveReconciliationItem,
    onSuccess: ({ id }) => {
      void refresh()
      void message.success(format(text.resolved, { id }))
      setResolving(null)
    },
    onError: (error) => void message.error(error.message),
  })
  const exporting = useMutation({
    mutationFn: () => exportReconciliation(date),
    onSuccess: ({ blob, fileName }) => saveDownload(blob, fileName),
    onError: (error) => void message.error(error.message),
  })

  const totals = (side: ReconciliationTotals | null) =>
    side ? (
      <Space direction='vertical' size={0}>
        <span>{`${text.payments} ${side.paymentCount} · ${yuan(side.paymentFen / 100)}`}</span>
        <span>{`${text.refunds} ${side.refundCount} · ${yuan(side.refundFen / 100)}`}</span>
        {side.deliveredCount === undefined ? null : <span>{`${text.delivered} ${side.deliveredCount}`}</span>}
      </Space>
    ) : (
      '-'
    )
  const runColumns: TableColumnsType<ReconciliationRun> = [
    { title: text.source, dataIndex: 'source', render: (source) => label(reconciliationSourceLabels, source, locale) },
    { title: text.provider, dataIndex: 'provider' },
    {
      title: text.status,
      key: 'status',
      render: (_, run) => (
        <Space direction='vertical' size={0}>
          <Tag color={runColor[run.status]}>{text.runStatus[run.status] ?? run.status}</Tag>
          {run.error ? <Typography.Text type='secondary'>{run.error}</Typography.Text> : null}
        </Space>
      ),
    },
    { title: text.ours, dataIndex: 'ours', render: totals },
    { title: text.theirs, dataIndex: 'theirs', render: totals },
    { title: text.finished, dataIndex: 'finishedTime', render: dateTime },
  ]
  const itemColumns: TableColumnsType<ReconciliationItem> = [
    { title: '#', dataIndex: 'id', width: 64 },
    { title: text.source, dataIndex: 'source', render: (source) => label(reconciliationSourceLabels, source, locale) },
    { title: text.kind, dataIndex: 'kind', render: (kind) => label(reconciliationKindLabels, kind, locale) },
    {
      title: text.reference,
      key: 'reference',
      render: (_, found) => (
        <Space direction='vertical' size={0}>
          {found.orderNo ? <Link to={orderPath(found.orderNo)}>{found.orderNo}</Link> : null}
          {found.outTradeNo && found.outTradeNo !== found.orderNo ? (
            <Typography.Text code>{found.outTradeNo}</Typography.Text>
          ) : null}
          {found.refundNo ? <Typography.Text type='secondary'>{found.refundNo}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      title: text.ourAmount,
      dataIndex: 'ourAmountFen',
      align: 'right',
      render: (fen: number | null) => (fen === null ? '-' : yuan(fen / 100)),
    },
    {
      title: text.theirAmount,
      dataIndex: 'providerAmountFen',
      align: 'right',
      render: (fen: number | null) => (fen === null ? '-' : yuan(fen / 100)),
    },
    {
      title: text.explanation,
      key: 'explanation',
      width: 420,
      render: (_, found) => (
        <Space direction='vertical' size={2}>
          <Typography.Paragraph ellipsis={{ rows: 3, expandable: true }} style={{ marginBottom: 0 }}>
            {found.explanation}
          </Typography.Paragraph>
          {found.resolutionRemark ? (
            <Typography.Text type='success'>
              {format(text.resolvedBy, {
                name: found.resolvedBy ?? '',
                time: dateTime(found.resolvedTime),
                remark: found.resolutionRemark,
              })}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    { title: text.action, dataIndex: 'action', render: (action) => label(reconciliationActionLabels, action, locale) },
    {
      title: text.itemStatus,
      dataIndex: 'status',
      render: (status: ReconciliationItem['status']) => (
        <Tag color={statusColor[status]}>{label(reconciliationItemStatusLabels, status, locale)}</Tag>
      ),
    },
    ...(canAct
      ? [
          {
            title: common.actions,
            key: 'actions',
            render: (_: unknown, found: ReconciliationItem) =>
              found.status === 'open' ? (
                <Button size='small' onClick={() => setResolving(found)}>
                  {text.resolve}
                </Button>
              ) : null,
          },
        ]
      : []),
  ]

  const data = report.data
  return (
    <>
      <PageHeader
        title={text.reconciliationTitle}
        extra={
          <Space>
            <DatePicker
              aria-label={text.day}
              allowClear={false}
              value={dayjs(date)}
              disabledDate={(day) => day.format('YYYY-MM-DD') > yesterday()}
              onChange={(day) => day && setParams({ date: day.format('YYYY-MM-DD') })}
            />
            {canAct ? (
              <Button onClick={() => rerun.mutate()} loading={rerun.isPending}>
                {text.runAgain}
              </Button>
            ) : null}
            <Button onClick={() => exporting.mutate()} loading={exporting.isPending} disabled={!data?.runs.length}>
              {text.export}
            </Button>
          </Space>
        }
      />
      <Alert type='info' showIcon title={text.reconciliationHelp} className='lp-section' />
      {report.isError ? (
        <QueryError error={report.error} onRetry={() => void report.refetch()} />
      ) : data && data.runs.length === 0 ? (
        <Empty description={text.notRun} className='lp-section'>
          {canAct ? (
            <Button type='primary' onClick={() => rerun.mutate()} loading={rerun.isPending}>
              {text.runAgain}
            </Button>
          ) : (
            text.notRunHelp
          )}
        </Empty>
      ) : (
        <>
          <Table<ReconciliationRun>
            data-testid='reconciliation-runs'
            className='lp-section'
            rowKey='source'
            loading={report.isPending}
            dataSource={data?.runs}
            columns={runColumns}
            pagination={false}
          />
          <h2 className='lp-card-title lp-section'>
            {text.items}{' '}
            <Tag color={data?.openCount ? 'error' : 'success'}>
              {data?.openCount ? format(text.openCount, { count: data.openCount }) : text.nothingOpen}
            </Tag>
          </h2>
          <Table<ReconciliationItem>
            data-testid='reconciliation-items'
            rowKey='id'
            loading={report.isPending}
            dataSource={data?.items}
            columns={itemColumns}
            pagination={{ pageSize: 20, showTotal: (count) => format(common.total, { count }) }}
            locale={{ emptyText: common.empty }}
            scroll={{ x: 1200 }}
          />
        </>
      )}
      {resolving ? (
        <RemarkModal
          title={format(text.resolveTitle, { id: resolving.id })}
          label={text.resolveRemark}
          help={text.resolveRemarkHelp}
          okText={text.resolve}
          cancelText={common.cancel}
          pending={resolve.isPending}
          onSubmit={(remark) => resolve.mutate({ id: resolving.id, remark })}
          onClose={() => setResolving(null)}
        />
      ) : null}
    </>
  )
}
