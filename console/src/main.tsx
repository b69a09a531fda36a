import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { App as AntApp, ConfigProvider } from 'antd'
import enUS from 'antd/locale/en_US'
import zhCN from 'antd/locale/zh_CN'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router-dom'
import { App } from './App'
import { ApiError } from './api/http'
import { useLocale } from './i18n/locale'
import './console.css'

const queryClient: QueryClient = new QueryClient({
  // Every operator write is audited and most move the dashboard's figures: both are read again after any write.
  mutationCache: new MutationCache({
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['audit'] })
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] })
    },
  }),
  defaultOptions: {
    queries: {
      // A refused call (4xx) will be refused again; a network or server failure is worth one more try.
      retry: (failures, error) =>
        failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
  },
})

function Root() {
  const locale = useLocale((state) => state.locale)
  dayjs.locale(locale === 'zh-CN' ? 'zh-cn' : 'en')
  document.documentElement.lang = locale
  return (
    <ConfigProvider locale={locale === 'zh-CN' ? zhCN : enUS} theme={{ token: { colorPrimary: '#1677ff' } }}>
      <AntApp>
        <App />
      </AntApp>
    </ConfigProvider>
  )
}

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root')
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename='/console'>
        <Root />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
)
