/**
 * Collects the promise rejections nobody handled while each test runs, in the page (jsdom's `unhandledrejection`)
 * and in Node, so a test can assert that a failed chunk load or a failing host call leaves none behind.
 * Call at the top of a describe block; read `.reasons` in the tests.
 */
export function captureUnhandledRejections(): { reasons: unknown[] } {
  const captured = { reasons: [] as unknown[] }
  const onUnhandled = (event: PromiseRejectionEvent) => captured.reasons.push(event.reason)
  const onNodeUnhandled = (reason: unknown) => captured.reasons.push(reason)
  beforeEach(() => {
    captured.reasons = []
    window.addEventListener('unhandledrejection', onUnhandled)
    process.on('unhandledRejection', onNodeUnhandled)
  })
  afterEach(() => {
    window.removeEventListener('unhandledrejection', onUnhandled)
    process.off('unhandledRejection', onNodeUnhandled)
  })
  return captured
}
