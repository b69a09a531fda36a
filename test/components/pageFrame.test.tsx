import { fireEvent, render, screen } from '@testing-library/react'
import PageFrame from '../../src/components/PageFrame'
import PageState from '../../src/components/PageState'
import { formatPageTitle } from '../../src/components/pageTitle'
import { useLocaleStore } from '../../src/i18n/i18n'

describe('page frame and page states', () => {
  it('titles pages "{page title} - life payment", or the product title when they have none', () => {
    expect(formatPageTitle('en-US', 'page.order')).toBe('My orders - life payment')
    expect(formatPageTitle('zh-CN', 'page.order')).toBe('我的订单 - 生活缴费')
    expect(formatPageTitle('en-US')).toBe('Life Pay')
    expect(formatPageTitle('zh-CN')).toBe('生活缴费')
  })

  it('renders the custom nav bar with the title and a back button', () => {
    useLocaleStore.setState({ locale: 'en-US' })
    render(
      <PageFrame titleKey='page.phoneBillRecharge'>
        <span>content</span>
      </PageFrame>,
    )
    expect(screen.getByRole('heading').textContent).toBe('Phone top-up - life payment')
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
