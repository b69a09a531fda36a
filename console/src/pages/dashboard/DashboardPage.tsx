import { useQuery } from '@tanstack/react-query'
import { Button, Card, Col, Row, Skeleton, Statistic, Typography } from 'antd'
import { Link } from 'react-router-dom'
import { formatYuan } from '@domain/price'
import type { DashboardPeriod } from '@contract/operator'
import { dashboardQuery } from '../../api/dashboard'
import { DailyChart } from '../../components/DailyChart'
import { dateTime } from '../../components/displayValues'
import { PageHeader } from '../../components/PageHeader'
import { QueryError } from '../../components/QueryError'
import { format, useMessages } from '../../i18n/messages'
import { dashboardMessages } from './messages'

type Text = (typeof dashboardMessages)['zh-CN']

/** A 0–1 share as a percent with one decimal; null (nothing to measure yet) as "—". */
const percent = (share: number | null) => (share === null ? '—' : `${(share * 100).toFixed(1)}%`)

function duration(seconds: number | null, text: Text): string {
  if (seconds === null) return '—'
  const whole = Math.round(seconds)
  if (whole < 60) return format(text.seconds, { s: whole })
  if (whole < 3600) return format(text.minutes, { m: Math.floor(whole / 60), s: whole % 60 })
  return format(text.hours, { h: Math.floor(whole / 3600), m: Math.floor((whole % 3600) / 60) })
}

function PeriodCard({ title, period, text }: { title: string; period: DashboardPeriod; text: Text }) {
  const figures: [string, string | number][] = [
    [text.orders, period.orders],
    [text.paidOrders, period.paidOrders],
    [text.amountPaid, formatYuan(period.amountPaid)],
    [text.successRate, percent(period.successRate)],
    [text.medianDelivery, duration(period.medianSecondsToDelivery, text)],
    [text.supplierFailureRate, percent(period.supplierFailureRate)],
  ]
  return (
    <Card title={<h2 className='lp-card-title'>{title}</h2>} className='lp-section'>
      <Row gutter={[16, 16]}>
        {figures.map(([label, value]) => (
          <Col key={label} span={8}>
            <Statistic title={label} value={value} />
          </Col>
        ))}
      </Row>
    </Card>
  )
}

export default function DashboardPage() {
  const text = useMessages(dashboardMessages)
  const dashboard = useQuery(dashboardQuery)
  const header = (
    <PageHeader
      title={text.title}
      extra={
        <Button onClick={() => void dashboard.refetch()} loading={dashboard.isFetching}>
          {text.refresh}
        </Button>
      }
    />
  )
  if (dashboard.isPending)
    return (
      <>
        {header}
        <Skeleton active />
      </>
    )
  if (dashboard.isError)
    return (
      <>
        {header}
        <QueryError error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      </>
    )
  const data = dashboard.data
  const days = data.last30Days
  const sum = (pick: (day: (typeof days)[number]) => number) => days.reduce((total, day) => total + pick(day), 0)
  const best = days.reduce((top, day) => (day.amountPaid > top.amountPaid ? day : top), days[0])
  const summary = days.length
    ? format(text.chartSummary, {
        from: days[0].date,
        to: days[days.length - 1].date,
        orders: sum((day) => day.orders),
        paid: sum((day) => day.paidOrders),
        completed: sum((day) => day.completedOrders),
        amount: formatYuan(sum((day) => day.amountPaid)),
        maxAmount: formatYuan(best.amountPaid),
        maxDay: best.date,
      })
    : text.chartTitle
  return (
    <>
      {header}
      <Typography.Paragraph type='secondary'>
        {format(text.generatedAt, { time: dateTime(data.generatedAt) })}
      </Typography.Paragraph>
      <Row gutter={16}>
        <Col span={12}>
          <PeriodCard title={text.today} period={data.today} text={text} />
        </Col>
        <Col span={12}>
          <PeriodCard title={text.thisMonth} period={data.thisMonth} text={text} />
        </Col>
      </Row>
      <Row gutter={16} className='lp-section'>
        <Col span={12}>
          <Card data-testid='dashboard-refunds-waiting'>
            <Statistic title={text.refundsWaiting} value={data.refundsWaiting} />
            <Link to='/refunds'>{text.review}</Link>
          </Card>
        </Col>
        <Col span={12}>
          <Card data-testid='dashboard-failed-jobs'>
            <Statistic
              title={text.failedJobs}
              value={data.failedJobs}
              valueStyle={data.failedJobs > 0 ? { color: '#cf1322' } : undefined}
            />
            <Link to='/jobs'>{text.viewJobs}</Link>
          </Card>
        </Col>
      </Row>
      <Card title={<h2 className='lp-card-title'>{text.chartTitle}</h2>} data-testid='dashboard-chart'>
        <DailyChart
          days={days.map((day) => day.date)}
          bars={[
            { name: text.chartOrders, color: '#91caff', values: days.map((day) => day.orders) },
            { name: text.chartPaid, color: '#1677ff', values: days.map((day) => day.paidOrders) },
            { name: text.chartCompleted, color: '#52c41a', values: days.map((day) => day.completedOrders) },
          ]}
          line={{
            name: text.chartAmount,
            color: '#fa8c16',
            values: days.map((day) => day.amountPaid),
            format: (value) => formatYuan(value),
          }}
          summary={summary}
          leftAxisLabel={text.chartCountAxis}
          rightAxisLabel={text.chartAmount}
        />
      </Card>
    </>
  )
}
