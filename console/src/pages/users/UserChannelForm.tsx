import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Form, Modal, Select } from 'antd'
import type { UserListOutput } from '@contract/operator'
import { allChannelsQuery } from '../../api/channels'
import { setUserChannel } from '../../api/users'
import { commonMessages } from '../../i18n/common'
import { format, useMessages } from '../../i18n/messages'
import { usersMessages } from './messages'

/** Binds a user to a channel in a modal: their next prices follow it (orders already made keep theirs). */
export function UserChannelForm({ user, onClose }: { user: UserListOutput; onClose: () => void }) {
  const text = useMessages(usersMessages)
  const common = useMessages(commonMessages)
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<{ channelId: string }>()
  const channels = useQuery(allChannelsQuery)
  const save = useMutation({
    mutationFn: (channelId: string) => setUserChannel(user.id, { channelId }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['users'] })
      message.success(text.channelSaved)
      onClose()
    },
    onError: (error) => message.error(error.message),
  })
  const options = [
    { value: '', label: text.defaultChannel },
    ...(channels.data ?? []).map((channel) => ({
      value: channel.channlesNum,
      label: `${channel.channlesName}（${channel.channlesNum}）${channel.status === 10 ? '' : text.channelOff}`,
    })),
  ]
  return (
    <Modal
      open
      title={format(text.channelTitle, { user: user.phoneNumber ?? user.userName ?? user.id })}
      okText={common.save}
      cancelText={common.cancel}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type='info' showIcon message={text.channelHelp} style={{ marginBottom: 16 }} />
      {channels.isError && (
        <Alert type='error' showIcon message={channels.error.message} style={{ marginBottom: 16 }} />
      )}
      <Form
        form={form}
        layout='vertical'
        initialValues={{ channelId: user.channelId }}
        onFinish={(values) => save.mutate(values.channelId)}
      >
        <Form.Item name='channelId' label={text.channel}>
          <Select options={options} loading={channels.isPending} showSearch optionFilterProp='label' />
        </Form.Item>
      </Form>
    </Modal>
  )
}
