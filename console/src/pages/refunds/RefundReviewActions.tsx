import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Checkbox, Form, Input, Modal, Space, Typography } from 'antd'
import { useState } from 'react'
import { validationMessages } from '../../../../src/domain/validationMessages'
import { refundReason, required, validateField } from '../../../../src/domain/validators'
import type { LifePayOrderListOutput } from '../../../../types/api/operator'
import { ApiError } from '../../api/http'
import { approveRefund, rejectRefund } from '../../api/refunds'
import { yuan } from '../../components/displayValues'
import { useLocale } from '../../i18n/locale'
import { format, useMessages } from '../../i18n/messages'
import { useCan } from '../../session/useOperator'
import { refundMessages } from './messages'
import { VoucherUpload } from './VoucherUpload'

interface ApproveForm {
  refundCheckRemark?: string
  refundCredentialsImgUrl?: string
  acknowledgeDelivered?: boolean
}

function ApproveModal({ order, onClose }: { order: LifePayOrderListOutput; onClose: () => void }) {
  const text = useMessages(refundMessages)
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<ApproveForm>()
  const [uploading, setUploading] = useState(false)
  // The server's refusal because the supplier reported the top-up delivered: shown, and a second, explicit confirm.
  const [delivered, setDelivered] = useState<string | null>(null)
  const acknowledged = Form.useWatch('acknowledgeDelivered', form) === true
  const approve = useMutation({
    mutationFn: (values: ApproveForm) =>
      approveRefund({
        id: order.id,
        refundCheckRemark: values.refundCheckRemark?.trim() || undefined,
        refundCredentialsImgUrl: values.refundCredentialsImgUrl,
        ...(values.acknowledgeDelivered ? { acknowledgeDelivered: true } : {}),
      }),
    onSuccess: () => {
      void message.success(text.approved)
      void queryClient.invalidateQueries({ queryKey: ['orders'] })
      onClose()
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'RECHARGE_DELIVERED') setDelivered(error.message)
      else void message.error(error.message)
    },
  })
  return (
    <Modal
      open
      title={format(text.approveTitle, { orderNo: order.orderNo })}
      okText={text.approve}
      okButtonProps={{ danger: delivered !== null, disabled: delivered !== null && !acknowledged }}
      confirmLoading={approve.isPending}
      onOk={() => {
        if (uploading) {
          void message.warning(text.voucherUploading)
          return
        }
        form.submit()
      }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>{format(text.approveHint, { amount: yuan(order.payAmount) })}</Typography.Paragraph>
      <Form<ApproveForm> form={form} layout='vertical' onFinish={(values) => approve.mutate(values)}>
        {delivered !== null && (
          <Alert
            type='warning'
            showIcon
            role='alert'
            className='lp-refund-delivered'
            title={text.deliveredTitle}
            description={
              <>
                <div>{delivered}</div>
                <Form.Item name='acknowledgeDelivered' valuePropName='checked' noStyle>
                  <Checkbox>{text.deliveredConfirm}</Checkbox>
                </Form.Item>
              </>
            }
          />
        )}
        <Form.Item
          label={text.voucher}
          name='refundCredentialsImgUrl'
          extra={text.voucherHelp}
          rules={[{ required: true, message: text.voucherRequired }]}
        >
          <VoucherUpload onUploading={setUploading} />
        </Form.Item>
        <Form.Item label={text.remark} name='refundCheckRemark'>
          <Input.TextArea rows={3} maxLength={400} placeholder={text.remarkPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  )
}

function RejectModal({ order, onClose }: { order: LifePayOrderListOutput; onClose: () => void }) {
  const text = useMessages(refundMessages)
  const locale = useLocale((state) => state.locale)
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<{ refundCheckRemark: string }>()
  const reject = useMutation({
    mutationFn: (reason: string) => rejectRefund({ id: order.id, refundCheckRemark: reason.trim() }),
    onSuccess: () => {
      void message.success(text.rejected)
      void queryClient.invalidateQueries({ queryKey: ['orders'] })
      onClose()
    },
    onError: (error) => void message.error(error.message),
  })
  return (
    <Modal
      open
      title={format(text.rejectTitle, { orderNo: order.orderNo })}
      okText={text.reject}
      okButtonProps={{ danger: true }}
      confirmLoading={reject.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout='vertical' onFinish={(values) => reject.mutate(values.refundCheckRemark)}>
        <Form.Item
          label={text.rejectReason}
          name='refundCheckRemark'
          required
          rules={[
            {
              // The same rule and words as the server's (src/domain/validators.ts refundReason: 1 to 200 characters).
              validator: async (_rule, value: unknown) => {
                const failed = validateField(value, [required, refundReason])
                if (failed) throw new Error(validationMessages[locale][failed])
              },
            },
          ]}
        >
          <Input.TextArea rows={4} showCount maxLength={200} placeholder={text.rejectPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  )
}

/** Approve / reject of a refund waiting for review, for reviewers and admins (the server checks the role again). */
export function RefundReviewActions({ order }: { order: LifePayOrderListOutput }) {
  const text = useMessages(refundMessages)
  const canReview = useCan('reviewer')
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null)
  if (!canReview) return null
  return (
    <>
      <Space>
        <Button type='primary' size='small' onClick={() => setOpen('approve')}>
          {text.approve}
        </Button>
        <Button danger size='small' onClick={() => setOpen('reject')}>
          {text.reject}
        </Button>
      </Space>
      {open === 'approve' && <ApproveModal order={order} onClose={() => setOpen(null)} />}
      {open === 'reject' && <RejectModal order={order} onClose={() => setOpen(null)} />}
    </>
  )
}
