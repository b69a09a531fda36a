import { useQuery } from '@tanstack/react-query'
import { Button, Space } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import type { UserListOutput } from '@contract/operator'
import { userPageQuery } from '../../api/users'
import { dateTime } from '../../components/displayValues'
import { PageHeader } from '../../components/PageHeader'
import { KeywordFilters } from '../../components/KeywordFilters'
import { PageModelTable } from '../../components/PageModelTable'
import { usePageModel } from '../../components/usePageModel'
import { commonMessages } from '../../i18n/common'
import { useMessages } from '../../i18n/messages'
import { useCan } from '../../session/useOperator'
import { usersMessages } from './messages'
import { UserChannelForm } from './UserChannelForm'

export default function UsersPage() {
  const text = useMessages(usersMessages)
  const common = useMessages(commonMessages)
  const paging = usePageModel<UserListOutput>()
  const [keyWords, setKeyWords] = useState<string>()
  const page = useQuery(userPageQuery({ pageModel: paging.pageModel, keyWords }))
  const canEdit = useCan('admin')
  const [editing, setEditing] = useState<UserListOutput | null>(null)
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
          {
            title: text.channel,
            dataIndex: 'channelId',
            render: (channelId: string, user) => (channelId ? (user.channelName ?? channelId) : text.defaultChannel),
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
                {canEdit && (
                  <Button type='link' size='small' onClick={() => setEditing(user)}>
                    {text.changeChannel}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && <UserChannelForm user={editing} onClose={() => setEditing(null)} />}
    </>
  )
}
