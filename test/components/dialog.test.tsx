import { act, fireEvent, render, screen } from '@testing-library/react'
import DialogHost from '../../src/components/Dialog'
import { confirm, confirmDelete, DialogCancelled, useDialogStore } from '../../src/components/dialogStore'
import { useLocaleStore } from '../../src/i18n/i18n'

describe('confirmation dialog (SPEC §3, §4)', () => {
  beforeEach(() => {
    jest.useFakeTimers()
    useLocaleStore.setState({ locale: 'en-US' })
  })
  afterEach(() => {
    act(() => jest.runOnlyPendingTimers())
    act(() => useDialogStore.setState({ dialog: null }))
    jest.useRealTimers()
  })

  it('opens after 30 ms with the default texts and resolves on confirm', async () => {
    render(<DialogHost />)
    const result = confirm({ title: 'Pay now?', content: 'The order closes in 30 minutes' })
    act(() => jest.advanceTimersByTime(29))
    expect(screen.queryByRole('dialog')).toBeNull()
    act(() => jest.advanceTimersByTime(1))
    expect(screen.getByRole('dialog').textContent).toContain('Pay now?')
    expect(screen.getByText('cancel')).not.toBeNull()
    fireEvent.click(screen.getByText('confirm'))
    await act(async () => undefined)
    await expect(result).resolves.toBeUndefined()
  })

  it('rejects on cancel and is removed 300 ms after closing', async () => {
    const { container } = render(<DialogHost />)
    const rejected = expect(confirm({ content: 'Leave?' })).rejects.toBeInstanceOf(DialogCancelled)
    act(() => jest.advanceTimersByTime(30))
    fireEvent.click(screen.getByText('cancel'))
    await act(async () => undefined)
    await rejected
    expect(container.querySelector('.lp-dialog--closing')).not.toBeNull()
    act(() => jest.advanceTimersByTime(299))
    expect(container.querySelector('.lp-dialog')).not.toBeNull()
    act(() => jest.advanceTimersByTime(1))
    expect(container.querySelector('.lp-dialog')).toBeNull()
  })

  it('stays open while beforeClose says no, and hides buttons that are switched off', async () => {
    render(<DialogHost />)
    const beforeClose = jest.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true)
    const result = confirm({ content: 'Sure?', showCancelBtn: false, confirmText: 'OK', beforeClose })
    act(() => jest.advanceTimersByTime(30))
    expect(screen.queryByText('cancel')).toBeNull()
    fireEvent.click(screen.getByText('OK'))
    await act(async () => undefined)
    expect(useDialogStore.getState().dialog?.visible).toBe(true)
    fireEvent.click(screen.getByText('OK'))
    await act(async () => undefined)
    await expect(result).resolves.toBeUndefined()
    expect(beforeClose).toHaveBeenCalledWith('confirm')
  })

  it('the default delete confirmation asks the SPEC question under the title Prompt', () => {
    render(<DialogHost />)
    void confirmDelete().catch(() => undefined)
    act(() => jest.advanceTimersByTime(30))
    expect(screen.getByText('Prompt')).not.toBeNull()
    expect(screen.getByText('Are you sure you want to delete this data?')).not.toBeNull()
  })
})
