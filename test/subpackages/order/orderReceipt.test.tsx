import { fireEvent, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { LifePayOrderStatus } from '@domain/lifePayStatus'
import OrderDetailView from '../../../src/subpackages/order/components/OrderDetailView'
import ReceiptView from '../../../src/subpackages/order/components/ReceiptView'
import * as saving from '../../../src/subpackages/order/receipt/saveReceiptImage'
import type { LifePayOrderDetail } from '@contract/lifePay'
import { withFakeApi } from '../../support/fakeApi'
import { orderDetail } from './support/orders'
import { renderScreen } from './support/render'

jest.mock('@tarojs/taro', () => jest.requireActual('./support/taroPage').taroWithPageHooks())
// The drawing itself is receiptLayout.test.ts's and the hosts' (test/mini/receipt.mini.ts, test/e2e/receipt.e2e.ts).
jest.mock('../../../src/subpackages/order/receipt/saveReceiptImage', () => ({
  RECEIPT_CANVAS_ID: 'lp-receipt-canvas',
  saveReceiptImage: jest.fn(),
  openAlbumSetting: jest.fn(),
  downloadReceiptImage: jest.fn(),
}))

const completed = orderDetail({ supplierOrderNo: 'SBX20260501000123' })
const recharging = orderDetail({
  lifePayOrderStatus: LifePayOrderStatus.PendingConfirmation,
  finishTime: null,
  expectedDeliveryTime: '2026-05-01T06:14:00.000Z',
})

const api = withFakeApi()
const DETAIL = '/api/LifePay/GetUserLifePayOrderDetail'

function open(order: LifePayOrderDetail, locale: 'zh-CN' | 'en-US' = 'zh-CN') {
  api.answer(DETAIL, order)
  return renderScreen(<ReceiptView orderNo={order.orderNo} />, { locale })
}

describe('receipt page (issue 20, item 5)', () => {
  beforeEach(() => {
    jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
    jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' })
  })
  afterEach(() => jest.restoreAllMocks())

  it('loading while the order is asked for', async () => {
    const answer = api.hold(DETAIL)
    renderScreen(<ReceiptView orderNo='LP202605010001' />)
    await answer.received
    expect(screen.getByText('加载中…')).not.toBeNull()
    answer.answer(completed)
    await waitFor(() => expect(screen.getByText('SBX20260501000123')).not.toBeNull())
  })

  it('a completed order: its receipt with the supplier serial and the masked account', async () => {
    open(completed)
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('充值电子凭证'))
    expect(screen.getByText('SBX20260501000123')).not.toBeNull()
    expect(screen.getByText('138****5678')).not.toBeNull()
    expect(screen.queryByText('13812345678')).toBeNull()
    expect(screen.getAllByText('¥98.50').length).toBeGreaterThan(0)
    expect(screen.getByText('-¥1.50')).not.toBeNull()
  })

  it('saving: "saved" on the mini-programs', async () => {
    jest.mocked(saving.saveReceiptImage).mockResolvedValue({ kind: 'saved' })
    open(completed)
    fireEvent.click(await screen.findByText('保存图片'))
    await waitFor(() => expect(screen.getByText('已保存到相册')).not.toBeNull())
    // The layout handed over is the one the page shows.
    const layout = jest.mocked(saving.saveReceiptImage).mock.calls[0][0]
    expect(layout.shapes.some((shape) => shape.kind === 'text' && shape.text === 'LP202605010001')).toBe(true)
  })

  it('an album permission refused: explained, and the settings offered from the tap', async () => {
    jest.mocked(saving.saveReceiptImage).mockResolvedValue({ kind: 'albumDenied' })
    open(completed)
    fireEvent.click(await screen.findByText('保存图片'))
    await waitFor(() => expect(screen.getByText('需要相册权限')).not.toBeNull())
    expect(saving.openAlbumSetting).not.toHaveBeenCalled()
    fireEvent.click(screen.getByText('去设置'))
    expect(saving.openAlbumSetting).toHaveBeenCalledTimes(1)
  })

  it('H5: the image full screen for a long press, with a download where the browser keeps one', async () => {
    jest
      .mocked(saving.saveReceiptImage)
      .mockResolvedValue({ kind: 'image', url: 'data:image/png;base64,AAAA', downloadable: true })
    open(completed, 'en-US')
    fireEvent.click(await screen.findByText('Save image'))
    await waitFor(() => expect(screen.getByText('Press and hold the image to save it')).not.toBeNull())
    fireEvent.click(screen.getByText('Download image'))
    expect(saving.downloadReceiptImage).toHaveBeenCalledWith('data:image/png;base64,AAAA', 'receipt-LP202605010001.png')
    fireEvent.click(screen.getByText('Close'))
    expect(screen.queryByText('Press and hold the image to save it')).toBeNull()
  })

  it('a failure to draw or save says so', async () => {
    jest.mocked(saving.saveReceiptImage).mockRejectedValue(new Error('canvasToTempFilePath:fail'))
    open(completed)
    fireEvent.click(await screen.findByText('保存图片'))
    await waitFor(() => expect(screen.getByText('保存失败，请重试')).not.toBeNull())
  })

  it('an order not completed has no receipt yet: the page says why and leads to the order', async () => {
    open(recharging)
    await waitFor(() => expect(screen.getByText('充值成功后才有电子凭证')).not.toBeNull())
    expect(screen.getByText(/当前状态为「充值中」/)).not.toBeNull()
    expect(screen.queryByText('保存图片')).toBeNull()
    fireEvent.click(screen.getByText('查看订单'))
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/subpackages/order/order/order?orderNo=LP202605010001' })
  })

  it('an error can be retried', async () => {
    api.fail(DETAIL)
    renderScreen(<ReceiptView orderNo='LP202605010001' />)
    const failed = await waitFor(() => screen.getByText('重新加载').closest('[role="alert"]') as HTMLElement)
    expect(failed.textContent).toContain('加载失败')
    api.answer(DETAIL, completed)
    fireEvent.click(screen.getByText('重新加载'))
    await waitFor(() => expect(screen.getByText('SBX20260501000123')).not.toBeNull())
  })
})

describe('order detail and the receipt', () => {
  beforeEach(() => {
    jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
    api.answer('/api/LifePay/GetElectricSupportArea', [])
  })
  afterEach(() => jest.restoreAllMocks())

  it('a completed order links to its receipt', async () => {
    api.answer(DETAIL, completed)
    renderScreen(<OrderDetailView orderNo={completed.orderNo} />)
    fireEvent.click(await screen.findByText('电子凭证'))
    expect(Taro.navigateTo).toHaveBeenCalledWith({
      url: '/subpackages/order/orderReceipt/orderReceipt?orderNo=LP202605010001',
    })
  })

  it('a recharging order says when it is expected, and has no receipt yet', async () => {
    api.answer(DETAIL, recharging)
    renderScreen(<OrderDetailView orderNo={recharging.orderNo} />)
    await waitFor(() => expect(screen.getByText('预计到账')).not.toBeNull())
    expect(screen.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} 前$/)).not.toBeNull()
    expect(screen.queryByText('电子凭证')).toBeNull()
  })
})
