import { useQuery } from '@tanstack/react-query'
import { Button, Card, Descriptions, Empty, Result, Spin, Table, Tag, Timeline, Typography } from 'antd'
import type { ReactNode } from 'react'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { label } from '@domain/locale'
import { LifePayOrderStatus, lifePayStatusLabels } from '@domain/lifePayStatus'
import { lifePayOrderTypeLabels } from '@domain/lifePayOrderType'
import { lifePayTypeLabels } from '@domain/lifePayType'
import { refundApplyReasonText } from '@domain/refundApplyReason'
import { remarkForUser } from '@domain/systemRemark'
import type { AuditEntry } from '@contract/operators'
import type { LifePayOrderListOutput, TimelineEventKind } from '@contract/operator'
import { orderAuditQuery, orderQuery, orderTimelineQuery } from '../../api/orders'
import { dateTime, yuan } from '../../components/displayValues'
import { orderStatusText } from '../../components/orderStatus'
import { PageHeader } from '../../components/PageHeader'
import { QueryError } from '../../components/QueryError'
import { commonMessages } from '../../i18n/common'
import { useLocale } from '../../i18n/locale'
import { format, useMessages } from '../../i18n/messages'
import { RefundReviewActions } from '../refunds/RefundReviewActions'
import { SupplierResult } from '../refunds/SupplierResult'
import { orderMessages } from './messages'
import { RefundVoucherImage } from './RefundVoucherImage'
import { AuditChanges } from '../../components/AuditChanges'
import { CellText } from '../../components/CellText'
import { auditActionText, auditRemarkText } from '../../components/auditText'

type Texts = (typeof orderMessages)['zh-CN']

const kindText: Record<TimelineEventKind, keyof Texts> = {
  created: 'kindCreated',
  paid: 'kindPaid',
  notification: 'kindNotification',
  supplierAttempt: 'kindSupplierAttempt',
  supplierResult: 'kindSupplierResult',
  delivered: 'kindDelivered',
  failed: 'kindFailed',
  refundApplied: 'kindRefundApplied',
  refunded: 'kindRefunded',
  refundRejected: 'kindRefundRejected',
  refundStatus: 'kindRefundStatus',
}

const kindColor: Partial<Record<TimelineEventKind, string>> = {
  paid: 'blue',
  delivered: 'green',
  failed: 'red',
  refundApplied: 'orange',
  refunded: 'gray',
  refundRejected: 'red',
}

function OrderFields({ order }: { order: LifePayOrderListOutput }) {
  const text = useMessages(orderMessages)
  const locale = useLocale((state) => state.locale)
  const items: { label: string; children: ReactNode }[] = [
    { label: text.orderNo, children: order.orderNo },
    {
      label: text.userPhone,
      children: (
        <>
          {order.phoneNumber ?? '-'}{' '}
          <Link to={`/orders?userId=${encodeURIComponent(order.userId)}`}>{text.userOrders}</Link>
        </>
      ),
    },
    { label: text.orderType, children: label(lifePayOrderTypeLabels, order.lifePayOrderType, locale) },
    { label: text.account, children: order.account },
    { label: text.channel, children: order.channelName ?? order.channelId ?? text.defaultChannel },
    // The request's channel is attribution; the price came from the user's own channel.
    ...(order.rateChannelId === null
      ? []
      : [{ label: text.rateChannel, children: order.rateChannelId || text.defaultChannel }]),
    { label: text.faceValue, children: yuan(order.rechargeAmount) },
    { label: text.discount, children: yuan(order.discountAmount) },
    { label: text.paid, children: yuan(order.payAmount) },
    {
      label: text.payType,
      children: order.lifePayType === null ? '-' : label(lifePayTypeLabels, order.lifePayType, locale),
    },
    { label: text.payStatus, children: label(lifePayStatusLabels, order.payStatus, locale) },
    { label: text.orderStatus, children: orderStatusText(order, locale) },
    { label: text.created, children: dateTime(order.creationTime) },
    { label: text.paidAt, children: dateTime(order.payTime) },
    { label: text.finishedAt, children: dateTime(order.finishTime) },
    { label: text.outOrderNo, children: order.outOrderNo ?? '-' },
    { label: text.supplierOrderNo, children: order.acoolyOrderNo ?? '-' },
    { label: text.supplierResult, children: <SupplierResult result={order.supplierResult} /> },
    { label: text.refundApplyTime, children: dateTime(order.refundApplyTime) },
    {
      label: text.refundApplyRemark,
      children:
        order.refundApplyRemark === null
          ? '-'
          : refundApplyReasonText(order.refundApplyRemark, order.refundApplyReason, locale),
    },
    {
      label: text.refundCheckRemark,
      children: order.refundCheckRemark === null ? '-' : remarkForUser(order.refundCheckRemark, locale),
    },
    { label: text.refundTime, children: dateTime(order.refundTime) },
  ]
  if (order.refundCredentialsImgUrl)
    items.push({
      label: text.voucher,
      children: <RefundVoucherImage orderNo={order.orderNo} />,
    })
  // Labels stay on one line: a long value (a user's reason) wraps itself instead.
  return <Descriptions bordered size='small' column={3} items={items} styles={{ label: { whiteSpace: 'nowrap' } }} />
}

function OrderTimelineCard({ orderNo }: { orderNo: string }) {
  const text = useMessages(orderMessages)
  const locale = useLocale((state) => state.locale)
  const timeline = useQuery(orderTimelineQuery(orderNo, locale))
  return (
    <Card title={text.timeline} className='lp-order-detail__section'>
      {timeline.isPending ? (
        <Spin />
      ) : timeline.isError ? (
        <QueryError error={timeline.error} onRetry={() => void timeline.refetch()} />
      ) : timeline.data.events.length === 0 ? (
        <Empty description={text.timelineEmpty} />
      ) : (
        <Timeline
          data-testid='order-timeline'
          items={timeline.data.events.map((event) => ({
            color: kindColor[event.kind] ?? 'blue',
            content: (
              <>
                <Typography.Text type='secondary'>{dateTime(event.time)}</Typography.Text>{' '}
                <Tag>{text[kindText[event.kind]] ?? event.kind}</Tag>
                <div>{event.detail}</div>
              </>
            ),
          }))}
        />
      )}
    </Card>
  )
}

function OrderAuditCard({ orderNo }: { orderNo: string }) {
  const text = useMessages(orderMessages)
  const common = useMessages(commonMessages)
  const locale = useLocale((state) => state.locale)
  const audit = useQuery(orderAuditQuery(orderNo))
  return (
    <Card title={text.audit} className='lp-order-detail__section'>
      {audit.isError ? (
        <QueryError error={audit.error} onRetry={() => void audit.refetch()} />
      ) : (
        <Table<AuditEntry>
          data-testid='order-audit-table'
          rowKey='id'
          size='small'
          loading={audit.isFetching}
          dataSource={audit.data}
          pagination={false}
          locale={{ emptyText: common.empty }}
          columns={[
            { title: text.auditAt, dataIndex: 'at', render: dateTime },
            { title: text.auditActor, dataIndex: 'actorName' },
            {
              title: text.auditAction,
              dataIndex: 'action',
              render: (_: string, entry) => auditActionText(entry, locale),
            },
            {
              title: text.auditChanges,
              key: 'changes',
              render: (_: unknown, entry) => <AuditChanges entry={entry} />,
            },
            {
              title: text.auditRemark,
              dataIndex: 'remark',
              render: (remark: string | null) =>
                remark === null ? '-' : <CellText text={auditRemarkText(remark, locale) ?? remark} width={240} />,
            },
          ]}
        />
      )}
    </Card>
  )
}

/** An order: its fields, the refund review when one waits, what happened to it, and what operators did to it. */
export default function OrderDetailPage() {
  const text = useMessages(orderMessages)
  const orderNo = useParams().orderNo ?? ''
  const order = useQuery(orderQuery(orderNo))
  const navigate = useNavigate()
  const back = <Button onClick={() => navigate('/orders')}>{text.backToOrders}</Button>

  if (order.isPending) return <Spin />
  if (order.isError)
    return (
      <>
        <PageHeader title={text.detailTitle} extra={back} />
        <QueryError error={order.error} onRetry={() => void order.refetch()} />
      </>
    )
  if (!order.data)
    return (
      <Result
        status='404'
        title={text.notFoundTitle}
        subTitle={format(text.notFoundDetail, { orderNo })}
        extra={
          <Button type='primary' onClick={() => navigate('/orders')}>
            {text.backToOrders}
          </Button>
        }
      />
    )
  const waitsForReview = order.data.lifePayOrderStatus === LifePayOrderStatus.RefundPendingReview
  return (
    <>
      <PageHeader title={`${text.detailTitle} ${order.data.orderNo}`} extra={back} />
      <Card
        title={text.fields}
        extra={waitsForReview ? <RefundReviewActions order={order.data} /> : undefined}
        data-testid='order-fields'
      >
        <OrderFields order={order.data} />
      </Card>
      <OrderTimelineCard orderNo={orderNo} />
      <OrderAuditCard orderNo={orderNo} />
    </>
  )
}
