import { useEffect, useRef, useState, type RefObject } from 'react'

/** Whether Taro's H5 Input/Textarea host element has drawn its native <input>/<textarea> yet. */
function hasNativeField(host: Element): boolean {
  return host.querySelector('input, textarea') !== null
}

/**
 * The `value` to give a Taro Input or Textarea, and the ref to put on it.
 *
 * On H5 these are Stencil custom elements whose `value` watcher writes straight into the native <input>/<textarea>
 * they draw. That element only exists after their first render, a frame after they are attached, but the watcher is
 * armed as soon as they are defined: a value that changes in between (typed, prefilled, loaded, cleared) makes the
 * watcher throw "TypeError: Cannot read properties of undefined (reading 'value')" into the console (issue 17,
 * item 13). The first render reads the element's value itself, so until it has happened the value given at mount
 * is kept, and the current one is passed as soon as the native field exists.
 *
 * Mini-programs render their inputs natively and get the value as it is.
 */
export function useRenderedFieldValue<T>(value: T): { value: T; ref: RefObject<HTMLElement> } {
  const ref = useRef<HTMLElement>(null)
  const [initial] = useState(value)
  const [rendered, setRendered] = useState(process.env.TARO_ENV !== 'h5')
  useEffect(() => {
    if (rendered) return
    const host = ref.current
    if (!host || typeof MutationObserver === 'undefined' || hasNativeField(host)) {
      setRendered(true)
      return
    }
    // The element adds its native field as a child when it first renders.
    const observer = new MutationObserver(() => {
      if (!hasNativeField(host)) return
      observer.disconnect()
      setRendered(true)
    })
    observer.observe(host, { childList: true })
    return () => observer.disconnect()
  }, [rendered])
  return { value: rendered ? value : initial, ref }
}
