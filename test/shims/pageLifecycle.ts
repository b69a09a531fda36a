// React's own act, not @testing-library/react's: importing the library registers its clean-up hooks, and this module
// also loads inside tests (through the shim).
import { act, useEffect, useRef } from 'react'

// Taro's page hooks come from the React framework plugin at build time, which jest does not run. These stand in for
// them (test/shims/taro.ts adds them to the shim): useDidShow runs as the component mounts and at showPageAgain(),
// useDidHide at coverPage() — what the host does when another page covers this one and when the user comes back.

const showListeners = new Set<() => void>()
const hideListeners = new Set<() => void>()

function usePageEvent(listeners: Set<() => void>, callback: () => void, atMount: boolean): void {
  const latest = useRef(callback)
  latest.current = callback
  useEffect(() => {
    const listener = () => latest.current()
    listeners.add(listener)
    if (atMount) listener()
    return () => {
      listeners.delete(listener)
    }
  }, [listeners, atMount])
}

export function useDidShow(callback: () => void): void {
  usePageEvent(showListeners, callback, true)
}

export function useDidHide(callback: () => void): void {
  usePageEvent(hideListeners, callback, false)
}

/** Another page covers the page rendered (navigateTo's page has loaded). */
export function coverPage(): void {
  act(() => hideListeners.forEach((listener) => listener()))
}

/** The page rendered is shown again (back from the page that covered it). */
export function showPageAgain(): void {
  act(() => showListeners.forEach((listener) => listener()))
}
