import { hideLoading, showLoading } from './components/loadingIndicator'
import { showToast } from './components/toastStore'
import { redirectToLogin } from './platform/navigation'
import { requestTurn } from './platform/requestTurn'
import { setRequestTurn } from './services/http/turn'
import { setHttpUi } from './services/http/httpUi'

// The request layer wired to the app, as app.tsx once did at start-up. Every page that calls the server imports this
// module (through src/withQueryClient.tsx, or itself when it calls without react-query), so the wiring loads with the
// layer, on the first such page, and the app shell every page starts from carries neither.

// The app's own toast and loading indicator; login asked for through the debounced redirect.
setHttpUi({
  showToast,
  showLoading,
  hideLoading,
  redirectToLogin,
})

// Each call starts when the platform lets it (H5: a task of its own, so a page's reads do not make one long task).
setRequestTurn(requestTurn)
