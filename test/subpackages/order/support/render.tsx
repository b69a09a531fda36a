import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render } from '@testing-library/react'
import type { ReactElement } from 'react'
import DialogHost from '../../../../src/components/Dialog'
import ToastHost from '../../../../src/components/Toast'
import type { Locale } from '../../../../src/domain/locale'
import { useLocaleStore } from '../../../../src/i18n/i18n'
import { useLifePayStore } from '../../../../src/stores/lifePay'

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
  return { ...result, queryClient }
}

/** Lets timers and promises run (dialog delays, query updates) inside act. */
export function pause(ms: number): Promise<void> {
  return act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))
}
