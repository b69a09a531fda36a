/** How a request-layer toast looks. A leaf: the popups and the UI hooks (httpUi.ts) both name it. */
export type HttpToastType = 'success' | 'error' | 'warning'
