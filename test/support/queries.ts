import type { QueryClient } from '@tanstack/react-query'
import { waitFor } from '@testing-library/react'

/**
 * Waits until none of the clients' queries is fetching and none of their mutations is running: every request the
 * screen started has been answered (a refetch a mutation starts counts as fetching before the mutation ends).
 */
export async function queriesSettled(...clients: QueryClient[]): Promise<void> {
  await waitFor(() =>
    expect(clients.map((client) => [client.isFetching(), client.isMutating()])).toEqual(clients.map(() => [0, 0])),
  )
}
