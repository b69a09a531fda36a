/**
 * Resolves with the host's JS bridge once it is injected (it may arrive after the page loads); undefined on timeout.
 */
export function whenBridgeReady<T>(
  read: () => T | undefined,
  readyEvent: string,
  timeoutMs = 10000,
): Promise<T | undefined> {
  const bridge = read()
  if (bridge || typeof document === 'undefined') return Promise.resolve(bridge)
  return new Promise((resolve) => {
    const onReady = () => {
      clearTimeout(timer)
      resolve(read())
    }
    const timer = setTimeout(() => {
      document.removeEventListener(readyEvent, onReady)
      resolve(read())
    }, timeoutMs)
    document.addEventListener(readyEvent, onReady, { once: true })
  })
}
