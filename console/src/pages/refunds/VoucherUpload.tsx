import { PlusOutlined } from '@ant-design/icons'
import { App, Upload, type UploadFile } from 'antd'
import { useState } from 'react'
import { uploadRefundVoucher, VOUCHER_MAX_BYTES, voucherTypes } from '../../api/refunds'
import { useMessages } from '../../i18n/messages'
import { refundMessages } from './messages'

/**
 * The refund voucher image as a form control: picks one image (≤ 5 MB), uploads it to the bucket at once and
 * answers its URL as the value (undefined while none is uploaded, or while it uploads: `onUploading` says which).
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
  return (
    <Upload<string>
      id={id}
      accept={voucherTypes.join(',')}
      listType='picture-card'
      maxCount={1}
      fileList={files}
      beforeUpload={(file) => {
        if (!voucherTypes.includes(file.type)) {
          void message.error(text.voucherNotImage)
          return Upload.LIST_IGNORE
        }
        if (file.size > VOUCHER_MAX_BYTES) {
          void message.error(text.voucherTooLarge)
          return Upload.LIST_IGNORE
        }
        return true
      }}
      customRequest={({ file, onSuccess, onError }) => {
        onUploading?.(true)
        uploadRefundVoucher(file as File).then(
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
        // The uploaded object's URL doubles as the preview's, so what is shown is what the reviewer attaches.
        setFiles(
          fileList.map((item) => (item.status === 'done' && item.response ? { ...item, url: item.response } : item)),
        )
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
