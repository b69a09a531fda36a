import type { LeavingPage } from '../../src/platform/payment/webPay.h5'

/**
 * A page leaving for a web payment (jsdom cannot navigate): it records where it was sent, and `show` shows it again as
 * the browser would — `persisted` when from the back-forward cache (the back button).
 */
export function leavingPage(origin = 'https://h5.example') {
  const target = new EventTarget()
  const assign = jest.fn()
  const page: LeavingPage = {
    location: { assign, origin },
    addEventListener: target.addEventListener.bind(target) as LeavingPage['addEventListener'],
    removeEventListener: target.removeEventListener.bind(target) as LeavingPage['removeEventListener'],
  }
  const show = (persisted: boolean) => target.dispatchEvent(Object.assign(new Event('pageshow'), { persisted }))
  return { page, assign, show }
}
