import { useMutation, useQueryClient } from '@tanstack/react-query'
import { App, Form, Input, Modal, Select } from 'antd'
import { label } from '@domain/locale'
import { operatorRoleLabels, operatorRoleValues } from '@domain/operatorRole'
import type { CreateOperatorInput } from '@contract/operators'
import { createOperator, operatorsQuery } from '../../api/operators'
import { commonMessages } from '../../i18n/common'
import { useLocale } from '../../i18n/locale'
import { format, useMessages } from '../../i18n/messages'
import { operatorsMessages } from './messages'

type Fields = CreateOperatorInput & { passwordAgain: string }

/** A new operator account in a modal; closes on success. */
export function AddOperatorForm({ onClose }: { onClose: () => void }) {
  const text = useMessages(operatorsMessages)
  const common = useMessages(commonMessages)
  const locale = useLocale((state) => state.locale)
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<Fields>()
  const create = useMutation({
    mutationFn: createOperator,
    onSuccess: (account) => {
      void queryClient.invalidateQueries({ queryKey: operatorsQuery.queryKey })
      message.success(format(text.createdDone, { name: account.loginName }))
      onClose()
    },
    onError: (error) => message.error(error.message),
  })
  return (
    <Modal
      open
      title={text.add}
      okText={common.save}
      cancelText={common.cancel}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Fields>
        form={form}
        layout='vertical'
        initialValues={{ role: 'viewer' }}
        onFinish={({ passwordAgain: _again, ...input }) =>
          create.mutate({ ...input, displayName: input.displayName?.trim() || undefined })
        }
      >
        <Form.Item
          name='loginName'
          label={text.loginName}
          extra={text.loginNameHelp}
          rules={[
            { required: true, message: text.loginNameRequired },
            { pattern: /^[A-Za-z0-9._@-]+$/, message: text.loginNamePattern },
          ]}
        >
          <Input maxLength={64} autoComplete='off' />
        </Form.Item>
        <Form.Item name='displayName' label={text.displayName}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name='password'
          label={text.password}
          extra={text.passwordHelp}
          rules={[
            { required: true, message: text.passwordRequired },
            { min: 10, message: text.passwordLength },
          ]}
        >
          <Input.Password maxLength={128} autoComplete='new-password' />
        </Form.Item>
        <Form.Item
          name='passwordAgain'
          label={text.passwordAgain}
          dependencies={['password']}
          rules={[
            { required: true, message: text.passwordRequired },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string) => {
                if (value && value !== getFieldValue('password')) throw new Error(text.passwordMismatch)
              },
            }),
          ]}
        >
          <Input.Password maxLength={128} autoComplete='new-password' />
        </Form.Item>
        <Form.Item name='role' label={text.role} extra={text.roleHelp}>
          <Select
            options={operatorRoleValues.map((role) => ({
              value: role,
              label: label(operatorRoleLabels, role, locale),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
