import { act, render, screen } from '@testing-library/react'
import PageFrame from '../../src/components/PageFrame'
import ToastHost, { toastBottom } from '../../src/components/Toast'
import { useBottomBar } from '../../src/components/bottomBar'
import { tabBarInset } from '../../src/platform/tabBarInset.h5'
import { showToast, useToastStore } from '../../src/components/toastStore'

describe('toast (SPEC §4)', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => {
    act(() => jest.runOnlyPendingTimers())
    jest.useRealTimers()
  })

  it('shows, then hides itself after the default 2000 ms', () => {
    render(<ToastHost />)
    act(() => showToast('success', 'Saved'))
    expect(screen.getByRole('alert').textContent).toContain('Saved')
    act(() => jest.advanceTimersByTime(1999))
    expect(screen.queryByRole('alert')).not.toBeNull()
    act(() => jest.advanceTimersByTime(1))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('honours its own duration, sits 30px above the bottom, and is styled by type', () => {
    const { container } = render(<ToastHost />)
    act(() => showToast('warning', 'Check the number', 500))
    expect(container.querySelector('.lp-toast--warning')).not.toBeNull()
    expect((container.querySelector('.lp-toast-wrap') as HTMLElement).style.bottom).toBe('30px')
    act(() => jest.advanceTimersByTime(500))
    expect(useToastStore.getState().toast).toBeNull()
  })

  it('a newer toast replaces the older one and keeps its full duration', () => {
    render(<ToastHost />)
    act(() => showToast('error', 'first'))
    act(() => jest.advanceTimersByTime(1500))
    act(() => showToast('error', 'second'))
    act(() => jest.advanceTimersByTime(1000))
    expect(screen.getByRole('alert').textContent).toContain('second')
    act(() => jest.advanceTimersByTime(1000))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("keeps clear of the page's bottom bar while it is there, and of H5's tab bar", () => {
    function Bar() {
      useBottomBar(136)
      return null
    }
    const { container, rerender } = render(
      <PageFrame>
        <Bar />
      </PageFrame>,
    )
    act(() => showToast('error', '服务器无响应，请重试'))
    const bottom = () => (container.querySelector('.lp-toast-wrap') as HTMLElement).style.bottom
    expect(bottom()).toMatch(/^calc\(30px \+ [\d.]+rem\)$/)
    rerender(<PageFrame />)
    expect(bottom()).toBe('30px')

    const tabBar = document.createElement('div')
    tabBar.className = 'taro-tabbar__tabbar'
    // jsdom lays nothing out; H5's tab bar is ~50 px tall (the browser suite measures the real one).
    tabBar.getBoundingClientRect = () => ({ height: 50 }) as DOMRect
    document.body.append(tabBar)
    try {
      expect(tabBarInset()).toBe(50)
      expect(toastBottom(0, tabBarInset())).toBe('80px')
      tabBar.classList.add('taro-tabbar__tabbar-hide')
      expect(tabBarInset()).toBe(0)
    } finally {
      tabBar.remove()
    }
  })
})
