// First: the prototype methods our oldest engines lack (Promise.prototype.finally…), before any module calls one.
import './platform/floor/installPrototypes'
import { QueryClientProvider } from '@tanstack/react-query'
import { useLaunch } from '@tarojs/taro'
import type { PropsWithChildren } from 'react'
import { hideLoading, showLoading } from './components/loading'
import { showToast } from './components/toastStore'
import { collectEntryToHome } from './platform/collectEntry'
import { installKeyboardAccess } from './platform/keyboard'
import { checkForUpdate, relaunchOnCollect } from './platform/launch'
import { installPageLoadFeedback } from './platform/pageLoadFeedback'
import { redirectToLogin } from './platform/navigation'
import { requestTurn } from './platform/requestTurn'
import { queryClient } from './queryClient'
import { setRequestTurn } from './services/http/client'
import { setHttpUi } from './services/http/httpUi'
import './app.scss'

// The request layer shows the app's own toast and loading indicator, and asks for login through the debounced redirect.
setHttpUi({
  showToast,
  showLoading,
  hideLoading,
  redirectToLogin,
})

// Each call starts when the platform lets it (H5: a task of its own, so a page's reads do not make one long task).
setRequestTurn(requestTurn)

// H5: a `collect` entry opens home, decided before the router reads the address (mini-programs relaunch on launch).
collectEntryToHome()

installKeyboardAccess()

// H5: a page whose code is slow to load shows an indicator, and one that cannot be loaded says so.
installPageLoadFeedback({ showLoading, hideLoading, showToast: (text) => showToast('error', text) })

function App({ children }: PropsWithChildren) {
  useLaunch((options) => {
    checkForUpdate()
    relaunchOnCollect(options?.query as Record<string, unknown> | undefined)
  })
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}

export default App
