import { screen } from '@testing-library/react'

/**
 * The Taro Input (its host element, where the wrapper listens and keeps `value`) whose native <input> has this
 * accessible name: found as a screen reader finds the field.
 */
export function taroInputNamed(name: string | RegExp): HTMLElement {
  const host = screen.getByRole('textbox', { name }).closest('taro-input-core')
  if (!host) throw new Error(`the textbox ${String(name)} is not a Taro Input`)
  return host as HTMLElement
}
