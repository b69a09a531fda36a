import { Canvas, Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import { confirm, DialogCancelled } from '../../../components/dialogStore'
import OutlineButton from '../../../components/OutlineButton'
import PageState from '../../../components/PageState'
import { showToast } from '../../../components/toastStore'
import { label } from '@domain/locale'
import { orderDisplayStatusLabels } from '@domain/orderDisplayStatus'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import { orderDetailUrl } from '../../../routes'
import { openOrGoBack } from '../../../platform/navigation'
import type { LifePayOrderDetail } from '@contract/lifePay'
import { useOrderDetail } from '../hooks/useOrderDetail'
import { orderMessages } from '../messages'
import { hasReceipt, orderStatusAt } from '../orderState'
import { receiptContent } from '../receipt/receiptContent'
import { receiptLayout } from '../receipt/receiptLayout'
import type { ReceiptSaveResult } from '../receipt/receiptSaveResult'
import {
  downloadReceiptImage,
  openAlbumSetting,
  RECEIPT_CANVAS_ID,
  saveReceiptImage,
} from '../receipt/saveReceiptImage'
import InfoRow from './InfoRow'
import OrderPendingState from './OrderPendingState'
import './ReceiptView.scss'

const MINI_PROGRAM = process.env.TARO_ENV !== 'h5'

function Receipt({ order }: { order: LifePayOrderDetail }) {
  const m = useMessages(orderMessages)
  const locale = useLocaleStore((s) => s.locale)
  const content = receiptContent(order, locale)
  const layout = receiptLayout(content)
  const [saving, setSaving] = useState(false)
  const [image, setImage] = useState<Extract<ReceiptSaveResult, { kind: 'image' }> | null>(null)

  const explainDenied = () =>
    confirm({
      title: m('receiptAlbumDeniedTitle'),
      content: m('receiptAlbumDeniedContent'),
      confirmText: m('receiptOpenSetting'),
      // The settings page opens only from a tap: in the confirm button's own handler, not after the dialog closed.
      beforeClose: (action) => {
        if (action === 'confirm') openAlbumSetting()
        return true
      },
    }).catch((error: unknown) => {
      if (!(error instanceof DialogCancelled)) throw error
    })

  const save = async () => {
    if (saving) return
    setSaving(true)
    try {
      const result = await saveReceiptImage(layout)
      if (result.kind === 'saved') showToast('success', m('receiptSaved'))
      else if (result.kind === 'albumDenied') void explainDenied()
      else if (result.kind === 'image') setImage(result)
    } catch {
      showToast('error', m('receiptSaveFailed'))
    } finally {
      setSaving(false)
    }
  }

  return (
    <View className='lp-receipt'>
      <View className='lp-receipt__card' aria-label={content.title}>
        <View className='lp-receipt__band' role='heading' aria-level={2}>
          {content.title}
        </View>
        <View className='lp-receipt__head'>
          <Text className='lp-receipt__status'>{content.status}</Text>
          <Text className='lp-receipt__amount'>{content.amount}</Text>
        </View>
        <View className='lp-receipt__rows'>
          {content.rows.map((row) => (
            <InfoRow key={row.label} label={row.label} value={row.value} />
          ))}
        </View>
        <Text className='lp-receipt__footer'>{content.footer}</Text>
      </View>

      <View className='lp-receipt__actions'>
        <View
          className={`lp-receipt__save${saving ? ' lp-receipt__save--busy' : ''}`}
          role='button'
          tabIndex={0}
          aria-disabled={saving}
          onClick={() => void save()}
        >
          {saving ? m('receiptSaving') : m('receiptSave')}
        </View>
        <OutlineButton onClick={() => void openOrGoBack(orderDetailUrl(order.orderNo))}>{m('viewOrder')}</OutlineButton>
      </View>

      {MINI_PROGRAM ? (
        // Drawn only to be exported: kept off screen at the layout's own size (type="2d": WeChat 2.9.0, Alipay 2.7.0).
        <Canvas
          type='2d'
          id={RECEIPT_CANVAS_ID}
          className='lp-receipt__canvas'
          style={`width: ${layout.width}px; height: ${layout.height}px;`}
        />
      ) : null}

      {image ? (
        <View className='lp-receipt__viewer' role='dialog' aria-modal='true' aria-label={m('receiptLongPress')}>
          <Image className='lp-receipt__image' src={image.url} mode='widthFix' showMenuByLongpress />
          <Text className='lp-receipt__viewer-hint'>{m('receiptLongPress')}</Text>
          <View className='lp-receipt__viewer-actions'>
            {image.downloadable ? (
              <View
                className='lp-receipt__save'
                role='button'
                tabIndex={0}
                onClick={() => downloadReceiptImage(image.url, `receipt-${order.orderNo}.png`)}
              >
                {m('receiptDownload')}
              </View>
            ) : null}
            <OutlineButton onClick={() => setImage(null)}>{m('receiptClose')}</OutlineButton>
          </View>
        </View>
      ) : null}
    </View>
  )
}

/** A receipt exists once the top-up succeeded; before (or after a refund) the page says why there is none. */
function NotReady({ order }: { order: LifePayOrderDetail }) {
  const m = useMessages(orderMessages)
  const locale = useLocaleStore((s) => s.locale)
  const status = label(orderDisplayStatusLabels, orderStatusAt(order, Date.now()), locale)
  return (
    <PageState
      status='empty'
      emptyText={m('receiptNotReady')}
      emptyAction={
        <View className='lp-receipt__not-ready'>
          <Text className='lp-receipt__not-ready-hint'>{m('receiptNotReadyHint', { status })}</Text>
          <OutlineButton onClick={() => void Taro.redirectTo({ url: orderDetailUrl(order.orderNo) })}>
            {m('viewOrder')}
          </OutlineButton>
        </View>
      }
    />
  )
}

/** orderReceipt?orderNo=: the receipt of a completed order, to keep or save as an image. */
export default function ReceiptView({ orderNo }: { orderNo: string }) {
  const detail = useOrderDetail(orderNo)
  if (detail.data) {
    return hasReceipt(detail.data, Date.now()) ? <Receipt order={detail.data} /> : <NotReady order={detail.data} />
  }
  return <OrderPendingState orderNo={orderNo} detail={detail} />
}
