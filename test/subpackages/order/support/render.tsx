import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render } from '@testing-library/react'
import type { ReactElement } from 'react'
import DialogHost from '../../../../src/components/Dialog'
import { useDialogStore } from '../../../../src/components/dialogStore'
import ToastHost from '../../../../src/components/Toast'
import type { Locale } from '@domain/locale'
import { useLocaleStore } from '../../../../src/i18n/i18n'
import { useLifePayStore } from '../../../../src/stores/lifePay'
import { queriesSettled } from '../../../support/queries'

const rendered = new Set<QueryClient>()

/** A fresh query cache per test, as the app configures it (no retry), with the toast and dialog hosts. */
export function renderScreen(ui: ReactElement, { locale = 'zh-CN' as Locale, loggedIn = true } = {}) {
  useLocaleStore.setState({ locale })
  useLifePayStore.setState(
    loggedIn ? { userId: 'user-1', phoneNumber: '13812345678' } : { userId: '', phoneNumber: '' },
  )
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  })
  const result = render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <ToastHost />
      <DialogHost />
    </QueryClientProvider>,
  )
  rendered.add(queryClient)
  return { ...result, queryClient }
}

/**
 * Waits until the query clients of the screens rendered since the last call have answered every request they started
 * (queriesSettled): what an afterEach waits for before it restores the mocked API, so no late refetch reaches the real
 * one or lands in the next test.
 */
export async function renderedQueriesSettled(): Promise<void> {
  const clients = [...rendered]
  rendered.clear()
  await queriesSettled(...clients)
}

/** Closes whatever dialog a test left open or closing (its removal waits for the closing animation), at once. */
export function removeDialog(): void {
  act(() => useDialogStore.setState({ dialog: null }))
}
