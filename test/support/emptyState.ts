import { waitFor } from '@testing-library/react'

/** The page's empty state (PageState's), the only one on screen. */
export function emptyState(): HTMLElement {
  const states = [...document.querySelectorAll<HTMLElement>('.lp-state')]
  if (states.length !== 1) throw new Error(`expected one state on screen, found ${states.length}`)
  return states[0]
}

/**
 * The empty state shows one illustration, with a source, and hidden from screen readers (the text beside it says
 * it all): not the bare rectangle it was (issue 17, item 9).
 */
export async function expectIllustration(state: HTMLElement): Promise<void> {
  // The <img> itself: the H5 DecorativeImage's, or the one inside Taro's Image (taro-image-core) elsewhere.
  // Taro's renders it once its web component is defined (asynchronously).
  await waitFor(() => expect(state.querySelectorAll('img')).toHaveLength(1))
  const images = [...state.querySelectorAll('img')]
  expect(images[0].getAttribute('src')).toBeTruthy()
  expect(images[0].closest('[aria-hidden="true"]')).not.toBeNull()
}
