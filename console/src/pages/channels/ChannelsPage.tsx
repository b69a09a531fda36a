import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Space, Switch } from 'antd'
import { useState } from 'react'
import { label } from '@domain/locale'
import { lifePayRateTypeLabels } from '@domain/rateType'
import type { LifePayChannles } from '@contract/operator'
import { channelsPageQuery, setLifePayChannelsStatus } from '../../api/channels'
import { dateTime } from '../../components/displayValues'
import { PageHeader } from '../../components/PageHeader'
import { KeywordFilters } from '../../components/KeywordFilters'
import { PageModelTable } from '../../components/PageModelTable'
import { usePageModel } from '../../components/usePageModel'
import { commonMessages } from '../../i18n/common'
import { useLocale } from '../../i18n/locale'
import { format, useMessages } from '../../i18n/messages'
import { useCan } from '../../session/useOperator'
import { ChannelForm } from './ChannelForm'
import { channelsMessages } from './messages'

export default function ChannelsPage() {
  const text = useMessages(channelsMessages)
  const common = useMessages(commonMessages)
  const locale = useLocale((state) => state.locale)
  const canEdit = useCan('admin')
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const paging = usePageModel<LifePayChannles>()
  const [keyWords, setKeyWords] = useState<string>()
  const [editing, setEditing] = useState<LifePayChannles | 'new' | null>(null)
  const page = useQuery(channelsPageQuery({ pageModel: paging.pageModel, keyWords }))

  const setStatus = useMutation({
    mutationFn: setLifePayChannelsStatus,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['channels'] })
      message.success(text.statusChanged)
    },
    onError: (error) => message.error(error.message),
  })
  const toggle = (channel: LifePayChannles, enable: boolean) =>
    modal.confirm({
      title: format(enable ? text.enableTitle : text.disableTitle, { name: channel.channlesName }),
      content: enable ? text.enableBody : text.disableBody,
      okText: common.confirm,
      okButtonProps: enable ? undefined : { danger: true },
      cancelText: common.cancel,
      onOk: () => setStatus.mutateAsync({ id: channel.id, status: enable ? 10 : 20 }).catch(() => {}),
    })

  return (
    <>
      <PageHeader
        title={text.title}
        extra={
          canEdit && (
            <Button type='primary' onClick={() => setEditing('new')}>
              {text.newChannel}
            </Button>
          )
        }
      />
      <KeywordFilters
        label={text.keyword}
        placeholder={text.keywordPlaceholder}
        onSearch={(values) => {
          setKeyWords(values.keyWords)
          paging.restart()
        }}
      />
      <PageModelTable<LifePayChannles>
        testId='channels-table'
        page={page}
        paging={paging}
        columns={[
          {
            title: text.number,
            dataIndex: 'channlesNum',
            key: 'channlesNum',
            sorter: true,
            sortOrder: paging.sortOrderOf('channlesNum'),
          },
          {
            title: text.name,
            dataIndex: 'channlesName',
            key: 'channlesName',
            sorter: true,
            sortOrder: paging.sortOrderOf('channlesName'),
          },
          {
            title: text.rate,
            dataIndex: 'channlesRate',
            // Null: the channel has no one rate for all three types (its own rates, if any, are beside it).
            render: (rate: number | null) => (rate === null ? '—' : `${rate}%`),
          },
          {
            title: text.otherRates,
            dataIndex: 'rates',
            render: (rates: LifePayChannles['rates']) =>
              !rates || rates.length === 0
                ? '—'
                : rates.map((rate) => (
                    <div key={rate.rateType}>
                      {label(lifePayRateTypeLabels, rate.rateType, locale)}: {rate.rate}%
                    </div>
                  )),
          },
          {
            title: text.status,
            dataIndex: 'status',
            render: (status: number, channel) => (
              <Space>
                <Switch
                  checked={status === 10}
                  disabled={!canEdit}
                  loading={setStatus.isPending && setStatus.variables?.id === channel.id}
                  aria-label={`${channel.channlesName} ${status === 10 ? text.enabled : text.disabled}`}
                  onChange={(checked) => toggle(channel, checked)}
                />
                {status === 10 ? text.enabled : text.disabled}
              </Space>
            ),
          },
          {
            title: text.created,
            dataIndex: 'creationTime',
            key: 'creationTime',
            sorter: true,
            sortOrder: paging.sortOrderOf('creationTime'),
            render: dateTime,
          },
          ...(canEdit
            ? [
                {
                  title: common.actions,
                  key: 'actions',
                  render: (_: unknown, channel: LifePayChannles) => (
                    <Button type='link' onClick={() => setEditing(channel)}>
                      {common.edit}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && <ChannelForm channel={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  )
}
