import { useQuery } from '@tanstack/react-query'
import { Button, Col, Form, Input, Row, Table, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import type { AuditEntry } from '@contract/operators'
import { auditQuery } from '../../api/audit'
import { dateTime } from '../../components/displayValues'
import { PageHeader } from '../../components/PageHeader'
import { QueryError } from '../../components/QueryError'
import { commonMessages } from '../../i18n/common'
import { format, useMessages } from '../../i18n/messages'
import { orderPath } from '../../paths'
import { AuditChanges } from '../../components/AuditChanges'
import { CellText } from '../../components/CellText'
import { auditActionText, auditRemarkText, auditTargetName, auditTargetTypeText } from '../../components/auditText'
import { useLocale } from '../../i18n/locale'
import { auditMessages } from './messages'

interface Filters {
  targetId?: string
  operatorId?: string
}

export default function AuditPage() {
  const text = useMessages(auditMessages)
  const common = useMessages(commonMessages)
  const locale = useLocale((state) => state.locale)
  // The filters live in the address, so a filtered trail can be linked to (e.g. `?targetId=<orderNo>`).
  const [search, setSearch] = useSearchParams()
  const targetId = search.get('targetId') ?? undefined
  const operatorId = search.get('operatorId') ?? undefined
  const filters: Filters = { targetId, operatorId }
  const [paging, setPaging] = useState({ page: 1, rows: 20 })
  const [form] = Form.useForm<Filters>()
  useEffect(() => form.setFieldsValue({ targetId, operatorId }), [form, targetId, operatorId])
  const audit = useQuery(auditQuery({ ...filters, ...paging }))
  const applyFilters = (next: Filters) => {
    const params: Record<string, string> = {}
    if (next.targetId?.trim()) params.targetId = next.targetId.trim()
    if (next.operatorId?.trim()) params.operatorId = next.operatorId.trim()
    setSearch(params)
    setPaging((current) => ({ ...current, page: 1 }))
  }
  const filtered = Boolean(filters.targetId || filters.operatorId)

  return (
    <>
      <PageHeader title={text.title} />
      <Form<Filters> form={form} layout='inline' className='lp-filters' onFinish={applyFilters}>
        <Form.Item name='targetId' label={text.targetId}>
          <Input placeholder={text.targetIdPlaceholder} allowClear maxLength={64} style={{ width: 260 }} />
        </Form.Item>
        <Form.Item name='operatorId' label={text.operatorId}>
          <Input placeholder={text.operatorIdPlaceholder} allowClear maxLength={64} style={{ width: 260 }} />
        </Form.Item>
        <Button type='primary' htmlType='submit'>
          {common.search}
        </Button>
        {filtered && (
          <Button
            type='link'
            onClick={() => {
              form.resetFields()
              applyFilters({})
            }}
          >
            {text.clear}
          </Button>
        )}
      </Form>
      {audit.isError ? (
        <QueryError error={audit.error} onRetry={() => void audit.refetch()} />
      ) : (
        <Table<AuditEntry>
          data-testid='audit-table'
          rowKey='id'
          loading={audit.isFetching}
          dataSource={audit.data?.items}
          locale={{ emptyText: common.empty }}
          pagination={{
            current: paging.page,
            pageSize: paging.rows,
            total: audit.data?.totalCount ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100, 200],
            showTotal: (count) => format(common.total, { count }),
            onChange: (page, rows) => setPaging({ page, rows }),
          }}
          expandable={{
            expandedRowRender: (entry) => (
              <Row gutter={16}>
                <Col span={12}>
                  <Typography.Text strong>{text.before}</Typography.Text>
                  <pre className='lp-json'>{JSON.stringify(entry.before, null, 2)}</pre>
                </Col>
                <Col span={12}>
                  <Typography.Text strong>{text.after}</Typography.Text>
                  <pre className='lp-json'>{JSON.stringify(entry.after, null, 2)}</pre>
                </Col>
              </Row>
            ),
          }}
          columns={[
            { title: text.at, dataIndex: 'at', width: 110, render: dateTime },
            {
              title: text.actor,
              key: 'actor',
              width: 150,
              render: (_: unknown, entry) => (
                <>
                  <div>{entry.actorName}</div>
                  {entry.address && (
                    <div>
                      <Typography.Text type='secondary' title={text.address}>
                        {entry.address}
                      </Typography.Text>
                    </div>
                  )}
                  {filters.operatorId !== entry.actor && (
                    <Button
                      type='link'
                      size='small'
                      className='lp-link-button'
                      onClick={() => applyFilters({ ...filters, operatorId: entry.actor })}
                    >
                      {text.onlyThisOperator}
                    </Button>
                  )}
                </>
              ),
            },
            {
              title: text.action,
              dataIndex: 'action',
              width: 170,
              render: (_: string, entry) => auditActionText(entry, locale),
            },
            {
              title: text.target,
              key: 'target',
              width: 210,
              render: (_: unknown, entry) => (
                <>
                  <div>
                    <Typography.Text type='secondary'>{auditTargetTypeText(entry.targetType, locale)}</Typography.Text>
                  </div>
                  {entry.targetType === 'order' ? (
                    <Link to={orderPath(entry.targetId)}>{entry.targetId}</Link>
                  ) : (
                    auditTargetName(entry, locale)
                  )}
                </>
              ),
            },
            {
              title: text.changes,
              key: 'changes',
              render: (_: unknown, entry) => <AuditChanges entry={entry} />,
            },
            {
              title: text.remark,
              dataIndex: 'remark',
              width: 180,
              render: (remark: string | null) =>
                remark === null ? '—' : <CellText text={auditRemarkText(remark, locale) ?? remark} width={156} />,
            },
          ]}
        />
      )}
    </>
  )
}
