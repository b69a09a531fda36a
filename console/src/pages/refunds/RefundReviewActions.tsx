import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Checkbox, Form, Input, Modal, Space, Typography } from 'antd'
import { useState } from 'react'
import { supplierReportedDelivered } from '@domain/supplierResult'
import { validationMessages } from '@domain/validationMessages'
import { refundReason, required, validateField } from '@domain/validators'
import type { LifePayOrderListOutput } from '@contract/operator'
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
  // The supplier's delivery is known up front from its last word; should it report one while the dialog is open, the
  // server refuses the approval (RECHARGE_DELIVERED) and the same warning appears then.
  const [deliveredMeanwhile, setDeliveredMeanwhile] = useState(false)
  const delivered = supplierReportedDelivered(order.supplierResult) || deliveredMeanwhile
  const approve = useMutation({
    mutationFn: (values: ApproveForm) =>
      approveRefund({
        id: order.id,
        refundCheckRemark: values.refundCheckRemark?.trim() || undefined,
        refundCredentialsImgUrl: values.refundCredentialsImgUrl,
        ...(delivered && values.acknowledgeDelivered ? { acknowledgeDelivered: true } : {}),
      }),
    onSuccess: () => {
      void message.success(text.approved)
      void queryClient.invalidateQueries({ queryKey: ['orders'] })
      onClose()
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'RECHARGE_DELIVERED') setDeliveredMeanwhile(true)
      else void message.error(error.message)
    },
  })
  return (
    <Modal
      open
      title={format(text.approveTitle, { orderNo: order.orderNo })}
      okText={text.approve}
      okButtonProps={{ danger: delivered }}
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
        {delivered && (
          <Alert
            type='warning'
            showIcon
            role='alert'
            className='lp-refund-delivered'
            title={text.deliveredTitle}
            description={
              <>
                <Typography.Paragraph className='lp-refund-delivered__body'>{text.deliveredBody}</Typography.Paragraph>
                <Form.Item
                  name='acknowledgeDelivered'
                  valuePropName='checked'
                  className='lp-refund-delivered__confirm'
                  rules={[
                    {
                      validator: async (_rule, checked: unknown) => {
                        if (checked !== true) throw new Error(text.deliveredConfirmRequired)
                      },
                    },
                  ]}
                >
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
              // The same rule and words as the server's (domain/validators.ts refundReason: 1 to 200 characters).
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
