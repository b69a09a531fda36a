import { useQuery } from '@tanstack/react-query'
import { Button, Form, Select, Typography } from 'antd'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { carrierCodeLabels } from '@domain/carrier'
import { electricAccountTypeLabels, electricTypeLabels } from '@domain/electric'
import { gasProviderLabels } from '@domain/gas'
import { regionLabel } from '@domain/regionNames'
import { label, type Locale } from '@domain/locale'
import { lifePayOrderTypeLabels, lifePayOrderTypeValues, type LifePayOrderType } from '@domain/lifePayOrderType'
import type { UserAccountOutput } from '@contract/operator'
import { accountPageQuery } from '../../api/users'
import { dateTime } from '../../components/displayValues'
import { PageHeader } from '../../components/PageHeader'
import { KeywordFilters } from '../../components/KeywordFilters'
import { PageModelTable } from '../../components/PageModelTable'
import { usePageModel } from '../../components/usePageModel'
import { useLocale } from '../../i18n/locale'
import { format, useMessages } from '../../i18n/messages'
import { accountsMessages } from './messages'

/** Where the account belongs: the carrier, the grid, the account type and the region, or the gas company, as saved. */
function belonging(account: UserAccountOutput, locale: Locale): string {
  const region = !account.cityName
    ? null
    : regionLabel({ provinceName: account.provinceName ?? '', cityName: account.cityName }, locale)
  const parts = [
    account.operators === null ? null : label(carrierCodeLabels, account.operators, locale),
    !account.electricType ? null : label(electricTypeLabels, account.electricType, locale),
    !account.electricAccountType ? null : label(electricAccountTypeLabels, account.electricAccountType, locale),
    region,
    !account.gasOrgType ? null : label(gasProviderLabels, account.gasOrgType, locale),
    account.name,
  ]
  const shown = parts.filter((part): part is string => Boolean(part))
  return shown.length ? shown.join(' · ') : '—'
}

interface Filters {
  lifePayOrderType?: LifePayOrderType
  keyWords?: string
}

export default function AccountsPage() {
  const text = useMessages(accountsMessages)
  const locale = useLocale((state) => state.locale)
  const [search, setSearch] = useSearchParams()
  const userId = search.get('userId') ?? undefined
  const paging = usePageModel<UserAccountOutput>()
  const [filters, setFilters] = useState<Filters>({})
  const page = useQuery(accountPageQuery({ pageModel: paging.pageModel, userId, ...filters }))
  return (
    <>
      <PageHeader
        title={text.title}
        extra={userId && <Link to={`/orders?userId=${encodeURIComponent(userId)}`}>{text.viewOrders}</Link>}
      />
      {userId && (
        <Typography.Paragraph>
          {format(text.ofUser, { userId })}{' '}
          <Button
            type='link'
            onClick={() => {
              setSearch({})
              paging.restart()
            }}
          >
            {text.allUsers}
          </Button>
        </Typography.Paragraph>
      )}
      <KeywordFilters<Filters>
        label={text.keyword}
        placeholder={text.keywordPlaceholder}
        onSearch={(values) => {
          setFilters({ lifePayOrderType: values.lifePayOrderType, keyWords: values.keyWords })
          paging.restart()
        }}
      >
        <Form.Item name='lifePayOrderType' label={text.type}>
          <Select
            allowClear
            placeholder={text.allTypes}
            style={{ width: 160 }}
            options={lifePayOrderTypeValues.map((value) => ({
              value,
              label: label(lifePayOrderTypeLabels, value, locale),
            }))}
          />
        </Form.Item>
      </KeywordFilters>
      <PageModelTable<UserAccountOutput>
        testId='accounts-table'
        page={page}
        paging={paging}
        columns={[
          { title: text.phone, dataIndex: 'phoneNumber', render: (phone: string | null) => phone ?? '—' },
          {
            title: text.type,
            dataIndex: 'lifePayType',
            render: (type: LifePayOrderType) => label(lifePayOrderTypeLabels, type, locale),
          },
          {
            title: text.account,
            dataIndex: 'content',
            key: 'content',
            sorter: true,
            sortOrder: paging.sortOrderOf('content'),
          },
          { title: text.remark, dataIndex: 'remark', render: (remark: string) => remark || '—' },
          { title: text.detail, key: 'detail', render: (_: unknown, account) => belonging(account, locale) },
          { title: text.orders, dataIndex: 'orderCount', align: 'right' },
          {
            title: text.created,
            dataIndex: 'creationTime',
            key: 'creationTime',
            sorter: true,
            sortOrder: paging.sortOrderOf('creationTime'),
            render: dateTime,
          },
        ]}
      />
    </>
  )
}
