import { useQuery } from '@tanstack/react-query'
import { Space } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import type { UserListOutput } from '../../../../types/api/operator'
import { userPageQuery } from '../../api/users'
import { dateTime } from '../../components/displayValues'
import { PageHeader } from '../../components/PageHeader'
import { KeywordFilters } from '../../components/KeywordFilters'
import { PageModelTable } from '../../components/PageModelTable'
import { usePageModel } from '../../components/usePageModel'
import { commonMessages } from '../../i18n/common'
import { useMessages } from '../../i18n/messages'
import { usersMessages } from './messages'

export default function UsersPage() {
  const text = useMessages(usersMessages)
  const common = useMessages(commonMessages)
  const paging = usePageModel<UserListOutput>()
  const [keyWords, setKeyWords] = useState<string>()
  const page = useQuery(userPageQuery({ pageModel: paging.pageModel, keyWords }))
  return (
    <>
      <PageHeader title={text.title} />
      <KeywordFilters
        label={text.keyword}
        placeholder={text.keywordPlaceholder}
        onSearch={(values) => {
          setKeyWords(values.keyWords)
          paging.restart()
        }}
      />
      <PageModelTable<UserListOutput>
        testId='users-table'
        page={page}
        paging={paging}
        columns={[
          {
            title: text.phone,
            dataIndex: 'phoneNumber',
            key: 'phoneNumber',
            sorter: true,
            sortOrder: paging.sortOrderOf('phoneNumber'),
            render: (phone: string | null) => phone ?? '—',
          },
          { title: text.name, dataIndex: 'userName' },
          { title: text.lastLogin, dataIndex: 'lastLoginTime', render: dateTime },
          {
            title: text.created,
            dataIndex: 'creationTime',
            key: 'creationTime',
            sorter: true,
            sortOrder: paging.sortOrderOf('creationTime'),
            render: dateTime,
          },
          { title: text.orders, dataIndex: 'orderCount', align: 'right' },
          { title: text.completed, dataIndex: 'completedOrderCount', align: 'right' },
          {
            title: common.actions,
            key: 'actions',
            render: (_: unknown, user) => (
              <Space>
                <Link to={`/orders?userId=${encodeURIComponent(user.id)}`}>{text.viewOrders}</Link>
                <Link to={`/accounts?userId=${encodeURIComponent(user.id)}`}>{text.viewAccounts}</Link>
              </Space>
            ),
          },
        ]}
      />
    </>
  )
}
