import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import PageFrame from '../../src/components/PageFrame'
import PageState from '../../src/components/PageState'
import { formatPageTitle, navBarTitle } from '../../src/components/pageTitle'
import { useLocaleStore } from '../../src/i18n/i18n'

describe('page frame and page states', () => {
  it('titles the document "{page title} - life payment" (SPEC), or the product title when the page has none', () => {
    expect(formatPageTitle('en-US', 'page.order')).toBe('My orders - life payment')
    expect(formatPageTitle('zh-CN', 'page.order')).toBe('我的订单 - 生活缴费')
    expect(formatPageTitle('en-US')).toBe('Life Pay')
    expect(formatPageTitle('zh-CN')).toBe('生活缴费')
    // The bar reads like a product: the name alone, or the brand as it is spelt.
    expect(navBarTitle('zh-CN', 'page.order')).toBe('我的订单')
    expect(navBarTitle('en-US')).toBe('Life Pay')
  })

  it('renders the custom nav bar with the page’s name and a back button; the document keeps the SPEC title (issue 37, item 12)', async () => {
    useLocaleStore.setState({ locale: 'en-US' })
    const setTitle = jest.spyOn(Taro, 'setNavigationBarTitle')
    render(
      <PageFrame titleKey='page.phoneBillRecharge'>
        <span>content</span>
      </PageFrame>,
    )
    expect(screen.getByRole('heading').textContent).toBe('Phone top-up')
    await waitFor(() => expect(setTitle).toHaveBeenCalledWith({ title: 'Phone top-up - life payment' }))
    setTitle.mockRestore()
    expect(screen.getByLabelText('Back')).not.toBeNull()
    expect(screen.getByText('content')).not.toBeNull()
  })

  it('shows loading, empty with its way out, and error with a working retry', () => {
    useLocaleStore.setState({ locale: 'en-US' })
    const onRetry = jest.fn()
    const { rerender } = render(<PageState status='loading' />)
    expect(screen.getByText('Loading…')).not.toBeNull()
    rerender(<PageState status='empty' emptyText='No orders yet' emptyAction={<button>Top up</button>} />)
    expect(screen.getByText('No orders yet')).not.toBeNull()
    expect(screen.getByText('Top up')).not.toBeNull()
    rerender(<PageState status='error' errorText='服务器无响应，请重试' onRetry={onRetry} />)
    expect(screen.getByRole('alert').textContent).toContain('服务器无响应，请重试')
    fireEvent.click(screen.getByText('Retry'))
    expect(onRetry).toHaveBeenCalledTimes(1)
    rerender(
      <PageState status='ready'>
        <span>list</span>
      </PageState>,
    )
    expect(screen.getByText('list')).not.toBeNull()
  })
})
