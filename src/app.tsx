// First: the prototype methods our oldest engines lack (Promise.prototype.finally…), before any module calls one.
import './platform/floor/installPrototypes'
import { useLaunch } from '@tarojs/taro'
import type { PropsWithChildren } from 'react'
import { hideLoading, showLoading } from './components/loadingIndicator'
import { showToast } from './components/toastStore'
import { collectEntryToHome } from './platform/collectEntry'
import { installKeyboardAccess } from './platform/keyboard'
import { checkForUpdate, relaunchOnCollect } from './platform/launch'
import { installPageLoadFeedback } from './platform/pageLoadFeedback'
import { webPaymentEntry } from './platform/payment/webPayEntry'
import { labelTabBarBeforeItLoads } from './platform/tabBarLabels'
import './app.scss'

// Nothing of the data layer (axios, react-query, the request layer) is imported here: it loads with the first page
// that calls the server, which also wires it to the app's UI (src/appHttp.ts) and provides the query
// client (src/withQueryClient.tsx).

// H5: a `collect` entry opens home, decided before the router reads the address (mini-programs relaunch on launch).
collectEntryToHome()

// H5: back to the app while a web payment is pending, the order's result page (the mini-programs drop the call).
if (process.env.TARO_ENV === 'h5') webPaymentEntry()

installKeyboardAccess()

// H5: the tab bar is drawn in the user's language from the start (mini-programs: useTabPage relabels it).
labelTabBarBeforeItLoads()

// H5: a page whose code is slow to load shows an indicator, and one that cannot be loaded says so.
installPageLoadFeedback({ showLoading, hideLoading, showToast: (text) => showToast('error', text) })

function App({ children }: PropsWithChildren) {
  useLaunch((options) => {
    checkForUpdate()
    relaunchOnCollect(options?.query as Record<string, unknown> | undefined)
  })
  return children
}

export default App
