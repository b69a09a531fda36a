import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Result, Spin } from 'antd'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Route, Routes, useNavigate } from 'react-router-dom'
import { roleAtLeast } from '@domain/operatorRole'
import { whenSessionEnds } from './api/http'
import { sessionQuery } from './api/session'
import { QueryError } from './components/QueryError'
import { commonMessages } from './i18n/common'
import { useMessages } from './i18n/messages'
import { ConsoleLayout } from './layout/ConsoleLayout'
import { OrderDetailPage, screens } from './screens'
import { ORDER_ROUTE } from './paths'
import { endSession } from './session/endSession'
import { LoginPage } from './session/LoginPage'

// Its own chunk (the QR code's encoder with it): only an admin's first production login needs it.
const TotpRequiredPage = lazy(() => import('./session/TotpRequiredPage'))

function NotFound() {
  const text = useMessages(commonMessages)
  const navigate = useNavigate()
  return (
    <Result
      status='404'
      title={text.notFound}
      extra={
        <Button type='primary' onClick={() => navigate('/')}>
          {text.backHome}
        </Button>
      }
    />
  )
}

/** The login screen until there is a session; then the screens the operator's role sees. */
export function App() {
  const text = useMessages(commonMessages)
  const queryClient = useQueryClient()
  const session = useQuery(sessionQuery)
  const [ended, setEnded] = useState(false)
  useEffect(() => {
    // Any call answered 401 (expired, idle, disabled, role changed): back to the login screen, saying why.
    whenSessionEnds(() => {
      setEnded(true)
      endSession(queryClient)
    })
  }, [queryClient])
  // A new session clears the notice of the last one's end.
  useEffect(() => {
    if (session.data) setEnded(false)
  }, [session.data])

  if (session.isPending) return <Spin fullscreen aria-label={text.loading} />
  if (session.isError) return <QueryError error={session.error} onRetry={() => void session.refetch()} />
  if (!session.data) return <LoginPage notice={ended ? text.sessionEnded : undefined} />
  if (session.data.totpEnrolmentRequired) {
    return (
      <Suspense fallback={<Spin fullscreen aria-label={text.loading} />}>
        <TotpRequiredPage />
      </Suspense>
    )
  }
  const role = session.data.operator.role
  return (
    <ConsoleLayout>
      <Routes>
        {screens
          .filter((screen) => roleAtLeast(role, screen.role))
          .map((screen) => (
            <Route key={screen.path} path={screen.path} element={<screen.page />} />
          ))}
        <Route path={ORDER_ROUTE} element={<OrderDetailPage />} />
        <Route path='*' element={<NotFound />} />
      </Routes>
    </ConsoleLayout>
  )
}
