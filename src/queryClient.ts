import { QueryClient } from '@tanstack/react-query'

/** SPEC §7 query cache defaults: no refetch on window focus, no retry. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: false },
    mutations: { retry: false },
  },
})
