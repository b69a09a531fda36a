import { DownloadOutlined } from '@ant-design/icons'
import { useMutation, useQuery } from '@tanstack/react-query'
import { App, Button, DatePicker, Form, Input, Select, Space, Tag, type TableColumnsType } from 'antd'
import { Link, useSearchParams } from 'react-router-dom'
import { label, type Labels } from '@domain/locale'
import { lifePayOrderStatusLabels, lifePayStatusLabels } from '@domain/lifePayStatus'
import { lifePayOrderTypeLabels } from '@domain/lifePayOrderType'
import { lifePayTypeLabels } from '@domain/lifePayType'
import type { LifePayOrderListOutput } from '@contract/operator'
import { exportOrders, orderPageQuery } from '../../api/orders'
import { dateTime, yuan } from '../../components/displayValues'
import { orderStatusColor, orderStatusText } from '../../components/orderStatus'
import { PageHeader } from '../../components/PageHeader'
import { PageModelTable } from '../../components/PageModelTable'
import { usePageModel } from '../../components/usePageModel'
import { commonMessages } from '../../i18n/common'
import { useLocale } from '../../i18n/locale'
import { format, useMessages } from '../../i18n/messages'
import { orderPath } from '../../paths'
import { apiFiltersOf, filterValuesOf, searchOf, type OrderFilterValues } from './orderFilters'
import { orderMessages } from './messages'
import { saveDownload } from '../../components/saveDownload'

/** The options of a domain value's Select, in its own order, labelled in the console's language. */
function useOptions<T extends number>(labels: Labels<T>) {
  const locale = useLocale((state) => state.locale)
  return Object.entries(labels[locale]).map(([value, text]) => ({ value: Number(value) as T, label: text as string }))
}

/**
 * The list under the filters the address holds. It starts afresh (page 1, the form from the address) whenever the
 * address changes: a search, a shared link, back / forward, the users screen's ?userId=.
 */
export default function OrdersPage() {
  const [search] = useSearchParams()
  return <OrdersList key={search.toString()} />
}

function OrdersList() {
  const text = useMessages(orderMessages)
  const common = useMessages(commonMessages)
  const locale = useLocale((state) => state.locale)
  const { message } = App.useApp()
  const [search, setSearch] = useSearchParams()
  const values = filterValuesOf(search)
  const filters = apiFiltersOf(values)
  const [form] = Form.useForm<OrderFilterValues>()
  const table = usePageModel<LifePayOrderListOutput>()
  const page = useQuery(orderPageQuery(filters, table.pageModel))

  const exporting = useMutation({
    mutationFn: () => exportOrders(filters),
    onSuccess: ({ blob, fileName }) => {
      saveDownload(blob, fileName)
      void message.success(format(text.exported, { fileName }))
    },
    onError: (error) => void message.error(`${text.exportFailed}: ${error.message}`),
  })

  const apply = (next: OrderFilterValues) => setSearch(searchOf({ ...next, userId: values.userId }))

  const sortable = (key: string) => ({ key, sorter: true, sortOrder: table.sortOrderOf(key) })
  const columns: TableColumnsType<LifePayOrderListOutput> = [
    {
      title: text.orderNo,
      dataIndex: 'orderNo',
      fixed: 'left',
      ...sortable('orderNo'),
      render: (orderNo: string) => <Link to={orderPath(orderNo)}>{orderNo}</Link>,
    },
    {
      title: text.userPhone,
      dataIndex: 'phoneNumber',
      render: (phone: string | null, order) => (
        <Space direction='vertical' size={0}>
          <span>{phone ?? '-'}</span>
          {order.userId !== values.userId && (
            <Link to={`/orders?userId=${encodeURIComponent(order.userId)}`}>{text.userOrders}</Link>
          )}
        </Space>
      ),
    },
    {
      title: text.orderType,
      dataIndex: 'lifePayOrderType',
      render: (value: LifePayOrderListOutput['lifePayOrderType']) => label(lifePayOrderTypeLabels, value, locale),
    },
    { title: text.account, dataIndex: 'account' },
    {
      title: text.channel,
      dataIndex: 'channelName',
      render: (name: string | null, order) => name ?? order.channelId ?? text.defaultChannel,
    },
    { title: text.faceValue, dataIndex: 'rechargeAmount', align: 'right', ...sortable('rechargeAmount'), render: yuan },
    { title: text.discount, dataIndex: 'discountAmount', align: 'right', render: yuan },
    { title: text.paid, dataIndex: 'payAmount', align: 'right', ...sortable('payAmount'), render: yuan },
    {
      title: text.payType,
      dataIndex: 'lifePayType',
      render: (value: LifePayOrderListOutput['lifePayType']) =>
        value === null ? '-' : label(lifePayTypeLabels, value, locale),
    },
    {
      title: text.payStatus,
      dataIndex: 'payStatus',
      render: (value: LifePayOrderListOutput['payStatus']) => label(lifePayStatusLabels, value, locale),
    },
    {
      title: text.orderStatus,
      dataIndex: 'lifePayOrderStatus',
      render: (_: unknown, order) => <Tag color={orderStatusColor(order)}>{orderStatusText(order, locale)}</Tag>,
    },
    { title: text.created, dataIndex: 'creationTime', ...sortable('creationTime'), render: dateTime },
    { title: text.paidAt, dataIndex: 'payTime', ...sortable('payTime'), render: dateTime },
    { title: text.finishedAt, dataIndex: 'finishTime', ...sortable('finishTime'), render: dateTime },
  ]

  return (
    <>
      <PageHeader
        title={text.title}
        extra={
          <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
            {text.export}
          </Button>
        }
      />
      <Form<OrderFilterValues>
        form={form}
        initialValues={values}
        layout='inline'
        className='lp-order-filters'
        onFinish={apply}
      >
        <Form.Item label={text.keyWords} name='keyWords'>
          <Input allowClear placeholder={text.keyWordsPlaceholder} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item label={text.orderType} name='lifePayOrderType'>
          <Select
            allowClear
            placeholder={text.all}
            options={useOptions(lifePayOrderTypeLabels)}
            style={{ width: 120 }}
          />
        </Form.Item>
        <Form.Item label={text.payType} name='lifePayType'>
          <Select allowClear placeholder={text.all} options={useOptions(lifePayTypeLabels)} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item label={text.payStatus} name='payStatus'>
          <Select allowClear placeholder={text.all} options={useOptions(lifePayStatusLabels)} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item label={text.orderStatus} name='lifePayOrderStatus'>
          <Select
            allowClear
            placeholder={text.all}
            options={useOptions(lifePayOrderStatusLabels)}
            style={{ width: 150 }}
          />
        </Form.Item>
        <Form.Item label={text.payTime} name='payDays'>
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item label={text.finishTime} name='finishDays'>
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type='primary' htmlType='submit'>
              {common.search}
            </Button>
            <Button onClick={() => setSearch(searchOf({ userId: values.userId }))}>{common.reset}</Button>
          </Space>
        </Form.Item>
      </Form>
      {values.userId && (
        <Space className='lp-order-filters'>
          <Tag closable onClose={() => setSearch(searchOf({ ...values, userId: undefined }))}>
            {text.userFilter}: {values.userId}
          </Tag>
        </Space>
      )}
      <PageModelTable<LifePayOrderListOutput>
        testId='orders-table'
        page={page}
        paging={table}
        size='middle'
        columns={columns}
        scroll={{ x: 'max-content' }}
      />
    </>
  )
}
