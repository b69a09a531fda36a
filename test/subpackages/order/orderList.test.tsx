import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import type { PageResult } from '@contract/envelope'
import type { GetUserLifePayOrderPageInput, LifePayOrderListItem } from '@contract/lifePay'
import OrderListView from '../../../src/subpackages/order/components/OrderListView'
import { ORDER_PAGE_SIZE } from '../../../src/subpackages/order/hooks/useOrderPage'
import { listItem, page } from './support/orders'
import { queriesSettled } from '../../support/queries'
import { renderScreen } from './support/render'
import { fireTaroEvent } from './support/taroEvents'
import { showPageAgain } from './support/taroPage'
import { emptyState, expectIllustration } from '../../support/emptyState'
import { withFakeApi } from '../../support/fakeApi'
import { ok } from '../../support/testServer'

jest.mock('@tarojs/taro', () => jest.requireActual('./support/taroPage').taroWithPageHooks())

const orders = (from: number, count: number) => Array.from({ length: count }, (_, i) => listItem(from + i))
const rows = () => [...document.querySelectorAll('.lp-order-row')].map((row) => row.getAttribute('data-order-no'))
const scrollView = () => document.querySelector('.lp-order-list__scroll') as Element

const api = withFakeApi()
const PAGE = '/api/LifePay/GetUserLifePayOrderPage'
/** Answers each page the list asks for. */
const answerPages = (answer: (input: GetUserLifePayOrderPageInput) => PageResult<LifePayOrderListItem>) =>
  api.route(PAGE, (request) => ok(answer(request.body as GetUserLifePayOrderPageInput)))
/** What the list asked for, oldest first. */
const asked = () => api.bodies(PAGE)

describe('order list paging', () => {
  beforeEach(() => {
    jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
  })
  afterEach(() => jest.restoreAllMocks())

  it('appends the second page when the list is scrolled to its end, then says there are no more', async () => {
    answerPages(({ pageIndex }) =>
      pageIndex === 1 ? page(1, ORDER_PAGE_SIZE, 15, orders(1, 10)) : page(2, ORDER_PAGE_SIZE, 15, orders(11, 5)),
    )
    const { queryClient } = renderScreen(<OrderListView />)
    await waitFor(() => expect(rows()).toHaveLength(10))
    expect(asked()).toEqual([{ pageIndex: 1, pageSize: ORDER_PAGE_SIZE }])
    // The list shows its own loading footer: no masked indicator over it.
    expect(api.loadingShown()).toBe(0)
    expect(screen.queryByText('没有更多订单了')).toBeNull()

    fireTaroEvent(scrollView(), 'scrolltolower')
    await waitFor(() => expect(rows()).toHaveLength(15))
    expect(rows()[10]).toBe('LP000011')
    expect(rows()[0]).toBe('LP000001')
    expect(asked().at(-1)).toEqual({ pageIndex: 2, pageSize: ORDER_PAGE_SIZE })
    expect(api.loadingShown()).toBe(0)
    expect(screen.getByText('没有更多订单了')).not.toBeNull()

    // At the end, further scrolling asks for nothing: nothing is loading (a request for a next page would be in flight
    // from the scroll on, and then counted).
    fireTaroEvent(scrollView(), 'scrolltolower')
    expect(screen.queryByText('加载中…')).toBeNull()
    await queriesSettled(queryClient)
    expect(asked()).toHaveLength(2)
  })

  it('shows an order once when a new order shifted the next page', async () => {
    answerPages(({ pageIndex }) => (pageIndex === 1 ? page(1, 10, 12, orders(1, 10)) : page(2, 10, 12, orders(10, 2))))
    renderScreen(<OrderListView />)
    await waitFor(() => expect(rows()).toHaveLength(10))
    fireTaroEvent(scrollView(), 'scrolltolower')
    await waitFor(() => expect(rows()).toContain('LP000011'))
    expect(rows()).toHaveLength(11)
  })

  it('offers a retry when a further page fails, and keeps the rows it has', async () => {
    api.answer(PAGE, page(1, 10, 20, orders(1, 10)))
    renderScreen(<OrderListView />)
    await waitFor(() => expect(rows()).toHaveLength(10))
    api.fail(PAGE)
    fireTaroEvent(scrollView(), 'scrolltolower')
    await waitFor(() => expect(screen.getByText('加载失败，点击重试')).not.toBeNull())
    expect(rows()).toHaveLength(10)
    api.answer(PAGE, page(2, 10, 20, orders(11, 10)))
    fireEvent.click(screen.getByText('加载失败，点击重试'))
    await waitFor(() => expect(rows()).toHaveLength(20))
  })

  it('asks for one type per tab, each under its own key', async () => {
    answerPages(({ lifePayOrderType }) =>
      page(1, 10, 1, [
        listItem(lifePayOrderType ?? 0, { lifePayOrderType: lifePayOrderType ?? LifePayOrderType.Phone }),
      ]),
    )
    renderScreen(<OrderListView />, { locale: 'en-US' })
    await waitFor(() => expect(rows()).toHaveLength(1))
    fireEvent.click(screen.getByRole('tab', { name: 'Electricity' }))
    await waitFor(() => expect(rows()).toEqual(['LP000020']))
    expect(asked().at(-1)).toEqual({
      pageIndex: 1,
      pageSize: ORDER_PAGE_SIZE,
      lifePayOrderType: LifePayOrderType.Electric,
    })
    fireEvent.click(screen.getByRole('tab', { name: 'Gas' }))
    await waitFor(() => expect(rows()).toEqual(['LP000030']))
    expect(screen.getByRole('tab', { name: 'Gas' }).getAttribute('aria-selected')).toBe('true')
  })

  it('pull to refresh reloads from the first page only', async () => {
    let total = 15
    answerPages(({ pageIndex }) =>
      pageIndex === 1
        ? page(1, 10, total, orders(total - 9, 10).reverse())
        : page(2, 10, total, orders(1, 5).reverse()),
    )
    renderScreen(<OrderListView />)
    await waitFor(() => expect(rows()).toHaveLength(10))
    fireTaroEvent(scrollView(), 'scrolltolower')
    await waitFor(() => expect(rows()).toHaveLength(15))
    const callsBefore = asked().length

    total = 16 // a new order arrived
    const pull = document.querySelector('.lp-pull') as Element
    fireEvent.touchStart(pull, { touches: [{ clientY: 100 }] })
    fireEvent.touchMove(pull, { touches: [{ clientY: 260 }] })
    expect(screen.getByText('释放立即刷新')).not.toBeNull()
    fireEvent.touchEnd(pull, { touches: [] })
    await waitFor(() => expect(rows()[0]).toBe('LP000016'))
    expect(asked().slice(callsBefore)).toEqual([{ pageIndex: 1, pageSize: ORDER_PAGE_SIZE }])
    expect(rows()).toHaveLength(10)
  })

  it('does not refresh when the pull is too short or the list is not at its top', async () => {
    api.answer(PAGE, page(1, 10, 3, orders(1, 3)))
    const { queryClient } = renderScreen(<OrderListView />)
    await waitFor(() => expect(rows()).toHaveLength(3))
    const pull = document.querySelector('.lp-pull') as Element
    fireEvent.touchStart(pull, { touches: [{ clientY: 100 }] })
    fireEvent.touchMove(pull, { touches: [{ clientY: 140 }] })
    expect(screen.getByText('下拉刷新')).not.toBeNull()
    fireEvent.touchEnd(pull, { touches: [] })
    fireTaroEvent(scrollView(), 'scroll', { scrollTop: 200 })
    fireEvent.touchStart(pull, { touches: [{ clientY: 100 }] })
    fireEvent.touchMove(pull, { touches: [{ clientY: 400 }] })
    fireEvent.touchEnd(pull, { touches: [] })
    // The header is back at rest (not refreshing), and no request is in flight.
    expect(document.querySelector('.lp-pull__status')).toBeNull()
    await queriesSettled(queryClient)
    expect(asked()).toHaveLength(1)
  })

  it('refetches when the page shows again (back from a payment or a refund)', async () => {
    api.answer(PAGE, page(1, 10, 1, orders(1, 1)))
    renderScreen(<OrderListView />)
    await waitFor(() => expect(rows()).toHaveLength(1))
    showPageAgain()
    await waitFor(() => expect(asked()).toHaveLength(2))
  })

  it('opens an order in the detail view of the same page', async () => {
    api.answer(PAGE, page(1, 10, 1, orders(7, 1)))
    renderScreen(<OrderListView />)
    await waitFor(() => expect(rows()).toHaveLength(1))
    fireEvent.click(document.querySelector('.lp-order-row') as Element)
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/subpackages/order/order/order?orderNo=LP000007' })
  })

  it('shows an empty list as an illustration and one action: a top-up (issue 17, item 9)', async () => {
    api.answer(PAGE, page(1, 10, 0, []))
    const switchTab = jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'switchTab:ok' })
    renderScreen(<OrderListView />)
    await waitFor(() => expect(screen.getByText('还没有订单，去充一笔吧')).not.toBeNull())
    await expectIllustration(emptyState())
    // On "all": one way out, home, where every kind of top-up is offered.
    expect(
      within(emptyState())
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['去充值'])
    fireEvent.click(within(emptyState()).getByRole('button'))
    expect(switchTab).toHaveBeenCalledWith({ url: '/pages/home/index' })

    fireEvent.click(screen.getByRole('tab', { name: '燃气费' }))
    await waitFor(() => expect(screen.getByText('还没有这类订单')).not.toBeNull())
    await expectIllustration(emptyState())
    expect(
      within(emptyState())
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['充燃气费'])
    fireEvent.click(within(emptyState()).getByRole('button'))
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/subpackages/recharge/gasBillRecharge/gasBillRecharge' })
  })

  it('shows the error with a working retry when the first page fails', async () => {
    api.route(PAGE, () => ({ status: 502, text: '' }))
    renderScreen(<OrderListView />)
    // The list says why in place, beside the request layer's toast.
    const failed = await waitFor(() => screen.getByText('重新加载').closest('[role="alert"]') as HTMLElement)
    expect(failed.textContent).toContain('网关错误')
    api.answer(PAGE, page(1, 10, 1, orders(1, 1)))
    fireEvent.click(screen.getByText('重新加载'))
    await waitFor(() => expect(rows()).toHaveLength(1))
  })
})
