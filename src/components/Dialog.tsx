import { Text, View } from '@tarojs/components'
import { closeDialog, useDialogStore } from './dialogStore'
import './Dialog.scss'

/** The dialog of `page` (PageFrame's id), or any dialog when drawn outside a page. */
export default function DialogHost({ page }: { page?: number }) {
  const dialog = useDialogStore((s) => s.dialog)
  if (!dialog || (page !== undefined && dialog.page !== null && dialog.page !== page)) return null
  return (
    <View className={`lp-dialog ${dialog.visible ? 'lp-dialog--open' : 'lp-dialog--closing'}`}>
      <View className='lp-dialog__mask' onClick={() => void closeDialog('cancel', true)} />
      <View className='lp-dialog__box' role='dialog' aria-modal='true' aria-label={dialog.title || dialog.content}>
        {dialog.title ? <Text className='lp-dialog__title'>{dialog.title}</Text> : null}
        {dialog.content ? <Text className='lp-dialog__content'>{dialog.content}</Text> : null}
        {dialog.detail ? <Text className='lp-dialog__detail'>{dialog.detail}</Text> : null}
        <View className='lp-dialog__actions'>
          {dialog.showCancelBtn ? (
            <View
              className='lp-dialog__btn lp-dialog__btn--cancel'
              role='button'
              tabIndex={0}
              onClick={() => void closeDialog('cancel')}
            >
              {dialog.cancelText}
            </View>
          ) : null}
          {dialog.showConfirmBtn ? (
            <View
              className='lp-dialog__btn lp-dialog__btn--confirm'
              role='button'
              tabIndex={0}
              onClick={() => void closeDialog('confirm')}
            >
              {dialog.confirmText}
            </View>
          ) : null}
        </View>
      </View>
    </View>
  )
}
