import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { queryClient } from '../../../src/queryClient'

/** A page inside the app's query client, as app.tsx provides it. */
export function renderPage(page: ReactElement) {
  return render(<QueryClientProvider client={queryClient}>{page}</QueryClientProvider>)
}
