import { act, render, screen } from '@testing-library/react'
import ToastHost from '../../src/components/Toast'
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
})
