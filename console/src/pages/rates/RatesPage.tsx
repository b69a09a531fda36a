import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Card, Form, InputNumber, Table } from 'antd'
import { useCallback, useEffect } from 'react'
import { label } from '@domain/locale'
import { discountTenths, formatYuan, rechargePrice } from '@domain/price'
import { LifePayRateType, lifePayRateTypeLabels } from '@domain/rateType'
import type { LifePayRate } from '@contract/lifePay'
import { createEditLifePayRate, ratesQuery } from '../../api/rates'
import { PageHeader } from '../../components/PageHeader'
import { QueryError } from '../../components/QueryError'
import { rateRule } from '../../components/rateRule'
import { commonMessages } from '../../i18n/common'
import { useLocale } from '../../i18n/locale'
import { format, useMessages } from '../../i18n/messages'
import { useCan } from '../../session/useOperator'
import { ratesMessages } from './messages'

type RateForm = Record<string, number | null>

const fieldOf = (rateType: LifePayRateType) => `rate${rateType}`

/** A rate in words: its percent, its 折 (tenths) and what a ¥100 top-up costs at it. */
const rateText = (template: string, percent: number) =>
  format(template, {
    percent: String(percent),
    tenths: discountTenths(percent),
    price: formatYuan(rechargePrice(100, percent)),
  })

/** Under a rate's field, what the value typed means (for the user, or for us with the supplier); else the rule. */
function RateMeaning({ rateType }: { rateType: LifePayRateType }) {
  const text = useMessages(ratesMessages)
  const value = Form.useWatch<number | null | undefined>(fieldOf(rateType))
  const valid = typeof value === 'number' && value > 0 && value <= 100
  const means = rateType === LifePayRateType.SupplierDiscount ? text.supplierRateMeans : text.rateMeans
  return <span data-testid={`rate-meaning-${rateType}`}>{valid ? rateText(means, value) : text.rateHelp}</span>
}

export default function RatesPage() {
  const text = useMessages(ratesMessages)
  const common = useMessages(commonMessages)
  const locale = useLocale((state) => state.locale)
  const canEdit = useCan('admin')
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const rates = useQuery(ratesQuery)
  const [form] = Form.useForm<RateForm>()

  const reset = useCallback(
    (current: LifePayRate[]) =>
      form.setFieldsValue(Object.fromEntries(current.map((rate) => [fieldOf(rate.rateType), rate.rate]))),
    [form],
  )
  // Only when the server's rates change: a half-typed form is not overwritten by a re-render.
  useEffect(() => {
    if (rates.data) reset(rates.data)
  }, [rates.data, reset])

  const save = useMutation({
    mutationFn: createEditLifePayRate,
    onSuccess: (saved) => {
      // The answer is every rate as stored: nothing to read again.
      queryClient.setQueryData(ratesQuery.queryKey, saved)
      message.success(text.saved)
    },
    onError: (error) => message.error(error.message),
  })

  const submit = (values: RateForm) => {
    const changed = (rates.data ?? [])
      .map((rate) => ({ rateType: rate.rateType, before: rate.rate, rate: values[fieldOf(rate.rateType)] }))
      .filter(
        (rate): rate is { rateType: LifePayRateType; before: number; rate: number } =>
          typeof rate.rate === 'number' && rate.rate !== rate.before,
      )
    if (changed.length === 0) {
      message.info(text.noChange)
      return
    }
    modal.confirm({
      title: text.confirmTitle,
      width: 520,
      content: (
        <>
          <p>{text.confirmBody}</p>
          <ul>
            {changed.map((rate) => (
              <li key={rate.rateType}>
                {format(text.change, {
                  type: label(lifePayRateTypeLabels, rate.rateType, locale),
                  before: rateText(text.currentRate, rate.before),
                  after: rateText(text.currentRate, rate.rate),
                })}
              </li>
            ))}
          </ul>
          <p>{text.notice}</p>
        </>
      ),
      okText: common.confirm,
      cancelText: common.cancel,
      onOk: () => save.mutateAsync(changed.map(({ rateType, rate }) => ({ rateType, rate }))).catch(() => {}),
    })
  }

  return (
    <>
      <PageHeader title={text.title} />
      <Alert type='info' showIcon title={text.notice} className='lp-section' />
      {rates.isError ? (
        <QueryError error={rates.error} onRetry={() => void rates.refetch()} />
      ) : (
        <Table<LifePayRate>
          data-testid='rates-table'
          className='lp-section'
          rowKey='rateType'
          loading={rates.isPending}
          dataSource={rates.data}
          pagination={false}
          locale={{ emptyText: common.empty }}
          columns={[
            {
              title: text.rateType,
              dataIndex: 'rateType',
              render: (value: LifePayRateType) => label(lifePayRateTypeLabels, value, locale),
            },
            {
              title: text.current,
              dataIndex: 'rate',
              sorter: (a, b) => a.rate - b.rate,
              render: (value: number) => rateText(text.currentRate, value),
            },
          ]}
        />
      )}
      {rates.data &&
        (canEdit ? (
          <Card title={<h2 className='lp-card-title'>{text.editTitle}</h2>}>
            <Form<RateForm> form={form} layout='vertical' onFinish={submit} style={{ maxWidth: 480 }}>
              {rates.data.map((rate) => (
                <Form.Item
                  key={rate.rateType}
                  name={fieldOf(rate.rateType)}
                  label={`${label(lifePayRateTypeLabels, rate.rateType, locale)} (%)`}
                  extra={<RateMeaning rateType={rate.rateType} />}
                  rules={[{ required: true, message: text.rateRequired }, rateRule(text)]}
                >
                  <InputNumber style={{ width: '100%' }} step={0.01} />
                </Form.Item>
              ))}
              <Button type='primary' htmlType='submit' loading={save.isPending}>
                {common.save}
              </Button>{' '}
              <Button onClick={() => reset(rates.data)}>{common.reset}</Button>
            </Form>
          </Card>
        ) : (
          <Alert type='warning' title={text.viewOnly} />
        ))}
    </>
  )
}
