import { Form, Input, Modal } from 'antd'

interface RemarkModalProps {
  title: string
  label: string
  help: string
  okText: string
  cancelText: string
  pending: boolean
  onSubmit(remark: string): void
  onClose(): void
}

/** Asks an operator what was done before a money item is closed: the remark goes into the audit trail. */
export function RemarkModal({ title, label, help, okText, cancelText, pending, onSubmit, onClose }: RemarkModalProps) {
  const [form] = Form.useForm<{ remark: string }>()
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={cancelText}
      confirmLoading={pending}
      onOk={() => void form.validateFields().then((values) => onSubmit(values.remark.trim()))}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout='vertical'>
        <Form.Item
          name='remark'
          label={label}
          extra={help}
          rules={[{ required: true, whitespace: true, max: 500, message: help }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  )
}
