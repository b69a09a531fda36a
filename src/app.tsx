import { QueryClientProvider } from '@tanstack/react-query'
import { useLaunch } from '@tarojs/taro'
import type { PropsWithChildren } from 'react'
import { checkForUpdate, relaunchOnCollect } from './platform/launch'
import { queryClient } from './queryClient'
import './app.scss'

function App({ children }: PropsWithChildren) {
  useLaunch((options) => {
    checkForUpdate()
    relaunchOnCollect(options?.query as Record<string, unknown> | undefined)
  })
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}

export default App
