import { QueryClient } from '@tanstack/react-query'
import { useSessionStore } from './stores/session'

/** SPEC §7 query cache defaults: no refetch on window focus, no retry. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: false },
    mutations: { retry: false },
  },
})

// A full logout leaves nothing of the user's in the cache (the session store only counts logouts; it imports no cache).
useSessionStore.subscribe((state, previous) => {
  if (state.logouts !== previous.logouts) queryClient.clear()
})
