import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query'
import { useContext, type ComponentType } from 'react'
import './appHttp'
import { queryClient } from './queryClient'

/**
 * A page that reads or writes through react-query, given the app's one query client (src/queryClient.ts). Each such
 * page provides it rather than the app shell, so that react-query and the request layer load with the first page
 * that uses them, not with the shell every page starts from. One client for every page: the cache is shared as before.
 * A client provided above (a test's) is kept.
 */
export function withQueryClient<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function PageWithQueryClient(props: P) {
    const outer = useContext(QueryClientContext)
    if (outer) return <Page {...props} />
    return (
      <QueryClientProvider client={queryClient}>
        <Page {...props} />
      </QueryClientProvider>
    )
  }
  PageWithQueryClient.displayName = `withQueryClient(${Page.displayName ?? Page.name})`
  return PageWithQueryClient
}
