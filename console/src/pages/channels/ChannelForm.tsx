import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Form, Input, InputNumber, Modal, Select } from 'antd'
import type { ChannelStatus, ChannlesType, LifePayChannles, SwitchType } from '@contract/operator'
import { createEditPayChannels } from '../../api/channels'
import { rateRule } from '../../components/rateRule'
import { commonMessages } from '../../i18n/common'
import { useMessages } from '../../i18n/messages'
import { channelsMessages } from './messages'

// The contract's switchTypeValues / channlesTypeValues, repeated because the console imports types/api as types only.
const switchTypes: readonly SwitchType[] = [10, 20, 30]
const channlesTypes: readonly ChannlesType[] = [10, 20]

interface ChannelFields {
  channlesName: string
  channlesNum: string
  channlesRate: number | null
  status: ChannelStatus
  switchType: SwitchType | null
  channlesType: ChannlesType | null
}

/** Create (no `channel`) or edit a channel in a modal; closes on success. */
export function ChannelForm({ channel, onClose }: { channel: LifePayChannles | null; onClose: () => void }) {
  const text = useMessages(channelsMessages)
  const common = useMessages(commonMessages)
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<ChannelFields>()
  const save = useMutation({
    mutationFn: createEditPayChannels,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['channels'] })
      message.success(text.saved)
      onClose()
    },
    onError: (error) => message.error(error.message),
  })
  const submit = (values: ChannelFields) =>
    save.mutate({
      ...(channel ? { id: channel.id } : {}),
      channlesName: values.channlesName.trim(),
      channlesNum: channel ? channel.channlesNum : values.channlesNum.trim(),
      ...(values.channlesRate === null || values.channlesRate === undefined
        ? {}
        : { channlesRate: values.channlesRate }),
      status: values.status,
      // Stored as sent, not interpreted (docs/api.md); left out when not chosen, so an edit keeps what was there.
      ...(values.switchType === null || values.switchType === undefined ? {} : { switchType: values.switchType }),
      ...(values.channlesType === null || values.channlesType === undefined
        ? {}
        : { channlesType: values.channlesType }),
    })
  return (
    <Modal
      open
      title={channel ? text.editChannel : text.newChannel}
      okText={common.save}
      cancelText={common.cancel}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<ChannelFields>
        form={form}
        layout='vertical'
        onFinish={submit}
        initialValues={
          channel
            ? {
                channlesName: channel.channlesName,
                channlesNum: channel.channlesNum,
                channlesRate: channel.channlesRate,
                status: channel.status,
                switchType: channel.switchType,
                channlesType: channel.channlesType,
              }
            : { status: 10, channlesRate: null, switchType: null, channlesType: null }
        }
      >
        <Form.Item
          name='channlesName'
          label={text.name}
          rules={[{ required: true, whitespace: true, message: text.nameRequired }, { max: 60 }]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item
          name='channlesNum'
          label={text.number}
          extra={text.numberHelp}
          rules={[
            { required: true, message: text.numberRequired },
            { pattern: /^[A-Za-z0-9_-]{1,64}$/, message: text.numberPattern },
          ]}
        >
          <Input disabled={channel !== null} maxLength={64} />
        </Form.Item>
        <Form.Item
          name='channlesRate'
          label={text.rate}
          extra={text.rateHelp}
          // The server keeps a rate it is not sent: a channel that has one cannot be left without it here.
          rules={[
            ...(channel?.channlesRate != null ? [{ required: true, message: text.rateRange }] : []),
            rateRule(text),
          ]}
        >
          <InputNumber style={{ width: '100%' }} step={0.01} />
        </Form.Item>
        <Form.Item name='status' label={text.status}>
          <Select
            options={[
              { value: 10, label: text.enabled },
              { value: 20, label: text.disabled },
            ]}
          />
        </Form.Item>
        <Form.Item name='switchType' label={text.switchType} extra={text.storedOnly}>
          <Select
            allowClear={channel?.switchType == null}
            options={switchTypes.map((value) => ({ value, label: String(value) }))}
          />
        </Form.Item>
        <Form.Item name='channlesType' label={text.channlesType} extra={text.storedOnly}>
          <Select
            allowClear={channel?.channlesType == null}
            options={channlesTypes.map((value) => ({ value, label: String(value) }))}
          />
        </Form.Item>
        <Alert type='info' showIcon title={text.changeApplies} />
      </Form>
    </Modal>
  )
}
