import { act, fireEvent, render, screen, within } from '@testing-library/react'
import DialogHost from '../../src/components/Dialog'
import PageFrame from '../../src/components/PageFrame'
import { confirm, confirmDelete, DialogCancelled, useDialogStore } from '../../src/components/dialogStore'
import { useLocaleStore } from '../../src/i18n/i18n'
import { coverPage } from '../shims/pageLifecycle'

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
    expect(screen.getByText('Cancel')).not.toBeNull()
    fireEvent.click(screen.getByText('Confirm'))
    await act(async () => undefined)
    await expect(result).resolves.toBeUndefined()
  })

  it('rejects on cancel and is removed 300 ms after closing', async () => {
    const { container } = render(<DialogHost />)
    const rejected = expect(confirm({ content: 'Leave?' })).rejects.toBeInstanceOf(DialogCancelled)
    act(() => jest.advanceTimersByTime(30))
    fireEvent.click(screen.getByText('Cancel'))
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
    expect(screen.queryByText('Cancel')).toBeNull()
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

describe('a dialog belongs to the page it was opened on (issue 37, item 9)', () => {
  beforeEach(() => {
    jest.useFakeTimers()
    useLocaleStore.setState({ locale: 'en-US' })
  })
  afterEach(() => {
    act(() => jest.runOnlyPendingTimers())
    act(() => useDialogStore.setState({ dialog: null }))
    jest.useRealTimers()
  })

  it('is not drawn on the next page, and goes, as cancelled, when its page is covered', async () => {
    const first = render(<PageFrame titleKey='page.order'>first</PageFrame>)
    const answer = confirm({ title: 'Delete this account?' })
    const settled = answer.then(
      () => 'confirmed',
      (error: unknown) => (error instanceof DialogCancelled && error.byMask ? 'dismissed' : 'cancelled'),
    )
    act(() => jest.advanceTimersByTime(30))
    expect(within(first.container).getByRole('dialog')).toBeTruthy()
    // navigateTo: the next page loads (its frame shows) while the first is still open beneath it.
    const next = render(<PageFrame titleKey='page.userAccountList'>next</PageFrame>)
    expect(within(next.container).queryByRole('dialog')).toBeNull()
    // The first page is covered: its dialog goes, and its caller hears it was not confirmed.
    coverPage()
    await act(async () => undefined)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(await settled).toBe('dismissed')
  })

  it('a page that opens one while in front draws it', () => {
    render(<PageFrame titleKey='page.order'>page</PageFrame>)
    void confirm({ title: 'Log out?' }).catch(() => undefined)
    act(() => jest.advanceTimersByTime(30))
    expect(screen.getByRole('dialog', { name: 'Log out?' })).toBeTruthy()
  })
})
