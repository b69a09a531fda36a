import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Card, Col, Row, Statistic, Table, Typography } from 'antd'
import { Link } from 'react-router-dom'
import type { FailedJob, JobQueueCounts } from '@contract/admin'
import { failedJobsQuery, retryJob } from '../../api/jobs'
import { dateTime } from '../../components/displayValues'
import { PageHeader } from '../../components/PageHeader'
import { QueryError } from '../../components/QueryError'
import { commonMessages } from '../../i18n/common'
import { format, useMessages } from '../../i18n/messages'
import { orderPath } from '../../paths'
import { useCan } from '../../session/useOperator'
import { jobsMessages } from './messages'

const countKeys: (keyof JobQueueCounts)[] = ['pending', 'running', 'done', 'failed']

/** The order a job is about, when its payload names one (most jobs carry `orderNo`). */
function orderNoOf(job: FailedJob): string | null {
  const orderNo = (job.payload as Record<string, unknown>).orderNo
  return typeof orderNo === 'string' ? orderNo : null
}

export default function JobsPage() {
  const text = useMessages(jobsMessages)
  const common = useMessages(commonMessages)
  const canRetry = useCan('admin')
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const jobs = useQuery(failedJobsQuery)
  const kindOf = (kind: string) => text.kinds[kind] ?? kind

  const retry = useMutation({
    mutationFn: retryJob,
    onSuccess: (job) => {
      void queryClient.invalidateQueries({ queryKey: failedJobsQuery.queryKey })
      message.success(format(text.retried, { id: job.id }))
    },
    onError: (error) => message.error(error.message),
  })
  const confirmRetry = (job: FailedJob) =>
    modal.confirm({
      title: format(text.retryTitle, { id: job.id }),
      content: format(text.retryBody, { kind: kindOf(job.kind), max: job.maxAttempts }),
      okText: text.retry,
      cancelText: common.cancel,
      onOk: () => retry.mutateAsync(job.id).catch(() => {}),
    })

  return (
    <>
      <PageHeader
        title={text.title}
        extra={
          <Button onClick={() => void jobs.refetch()} loading={jobs.isFetching}>
            {text.refresh}
          </Button>
        }
      />
      {jobs.isError ? (
        <QueryError error={jobs.error} onRetry={() => void jobs.refetch()} />
      ) : (
        <>
          <Row gutter={16} className='lp-section'>
            {countKeys.map((key) => (
              <Col key={key} span={6}>
                <Card>
                  <Statistic title={text[key]} value={jobs.data?.counts[key] ?? '—'} loading={jobs.isPending} />
                </Card>
              </Col>
            ))}
          </Row>
          <h2 className='lp-card-title lp-section'>{text.failedList}</h2>
          <Alert type='info' showIcon title={text.failedHelp} className='lp-section' />
          <Table<FailedJob>
            data-testid='jobs-table'
            rowKey='id'
            loading={jobs.isFetching}
            dataSource={jobs.data?.items}
            pagination={{ pageSize: 20, showTotal: (count) => format(common.total, { count }) }}
            locale={{ emptyText: common.empty }}
            expandable={{
              expandedRowRender: (job) => <pre className='lp-json'>{JSON.stringify(job.payload, null, 2)}</pre>,
              expandRowByClick: false,
            }}
            columns={[
              { title: text.id, dataIndex: 'id', sorter: (a, b) => a.id - b.id },
              {
                title: text.kind,
                dataIndex: 'kind',
                sorter: (a, b) => a.kind.localeCompare(b.kind),
                render: (kind: string) => kindOf(kind),
              },
              {
                title: text.payload,
                key: 'payload',
                render: (_: unknown, job) => {
                  const orderNo = orderNoOf(job)
                  return orderNo ? (
                    <Link to={orderPath(orderNo)}>{orderNo}</Link>
                  ) : (
                    <Typography.Text code ellipsis style={{ maxWidth: 240 }}>
                      {JSON.stringify(job.payload)}
                    </Typography.Text>
                  )
                },
              },
              {
                title: text.attempts,
                key: 'attempts',
                render: (_: unknown, job) => `${job.attempts} / ${job.maxAttempts}`,
              },
              {
                title: text.lastError,
                dataIndex: 'lastError',
                render: (error: string | null) => (
                  <Typography.Text type='danger' ellipsis={{ tooltip: error }} style={{ maxWidth: 320 }}>
                    {error ?? '—'}
                  </Typography.Text>
                ),
              },
              { title: text.created, dataIndex: 'creationTime', render: dateTime },
              {
                title: text.updated,
                dataIndex: 'updatedTime',
                defaultSortOrder: 'descend',
                sorter: (a, b) => a.updatedTime.localeCompare(b.updatedTime),
                render: dateTime,
              },
              ...(canRetry
                ? [
                    {
                      title: common.actions,
                      key: 'actions',
                      render: (_: unknown, job: FailedJob) => (
                        <Button
                          size='small'
                          onClick={() => confirmRetry(job)}
                          loading={retry.isPending && retry.variables === job.id}
                        >
                          {text.retry}
                        </Button>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </>
      )}
    </>
  )
}
