import { act } from '@testing-library/react'

/** Taro's H5 components are custom elements whose React wrappers listen for lower-case custom events. */
export function fireTaroEvent(element: Element, name: string, detail: Record<string, unknown> = {}): void {
  act(() => {
    element.dispatchEvent(new CustomEvent(name, { detail, bubbles: true }))
  })
}

/** Types into a Taro Input or Textarea (their `onInput` reads `event.detail.value`). */
export function typeInto(element: Element, value: string): void {
  fireTaroEvent(element, 'input', { value })
}
