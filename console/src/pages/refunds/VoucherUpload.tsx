import { PlusOutlined } from '@ant-design/icons'
import { App, Upload, type UploadFile } from 'antd'
import { useState } from 'react'
import { VOUCHER_IMAGE_TYPES, VOUCHER_MAX_BYTES, type VoucherImageType } from '@domain/refundVoucher'
import { uploadRefundVoucher, voucherTypeOf } from '../../api/refunds'
import { useMessages } from '../../i18n/messages'
import { refundMessages } from './messages'

/**
 * The refund voucher image as a form control: picks one image (≤ 5 MB, an image by its bytes), uploads it to the
 * bucket at once and answers its URL as the value (undefined while none is uploaded, or while it uploads:
 * `onUploading` says which). The preview is the file picked (the bucket's voucher folder is private).
 */
export function VoucherUpload({
  id,
  onChange,
  onUploading,
}: {
  id?: string
  value?: string
  onChange?: (url: string | undefined) => void
  onUploading?: (uploading: boolean) => void
}) {
  const text = useMessages(refundMessages)
  const { message } = App.useApp()
  const [files, setFiles] = useState<UploadFile<string>[]>([])
  const [types] = useState(() => new WeakMap<Blob, VoucherImageType>())
  return (
    <Upload<string>
      id={id}
      accept={VOUCHER_IMAGE_TYPES.join(',')}
      listType='picture-card'
      maxCount={1}
      fileList={files}
      beforeUpload={async (file) => {
        // Its name and declared type say nothing: the first bytes say whether it is an image at all.
        const type = await voucherTypeOf(file)
        if (!type) {
          void message.error(text.voucherNotImage)
          return Upload.LIST_IGNORE
        }
        if (file.size > VOUCHER_MAX_BYTES) {
          void message.error(text.voucherTooLarge)
          return Upload.LIST_IGNORE
        }
        types.set(file, type)
        return true
      }}
      customRequest={({ file, onSuccess, onError }) => {
        onUploading?.(true)
        uploadRefundVoucher(file as File, types.get(file as File) ?? 'image/png').then(
          (url) => {
            onUploading?.(false)
            onSuccess?.(url)
          },
          (error: Error) => {
            onUploading?.(false)
            void message.error(error.message)
            onError?.(error)
          },
        )
      }}
      onChange={({ file, fileList }) => {
        // A refused upload leaves no tile: nothing half-uploaded may look attached.
        setFiles(fileList.filter((item) => item.status !== 'error'))
        onChange?.(file.status === 'done' ? file.response : undefined)
      }}
    >
      {files.length === 0 && (
        <button type='button' className='lp-voucher-upload__button'>
          <PlusOutlined />
          <div>{text.voucherUpload}</div>
        </button>
      )}
    </Upload>
  )
}
