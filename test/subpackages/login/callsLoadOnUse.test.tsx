import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import Authorization from '../../../src/subpackages/login/authorization/authorization'
import { useSessionStore } from '../../../src/stores/session'
import { freshApp, spyNavigation, tap, typeInto, waitForToast, wireAppUi } from './support'

// The login pages load their server calls at the first tap (import(), docs/decisions/h5-first-load.md). Offline,
// that chunk never arrives (webpack's ChunkLoadError): no request is made, so the request layer says nothing; the
// page must say it, and let the user try again.
jest.mock('@tarojs/taro', () => jest.requireActual('../../pages/support/taroPageHooks').taroWithPageHooks())
jest.mock('../../../src/services/api/account', () => {
  const error = new Error('Loading chunk 5040 failed.\n(error: /js/5040.47c859cb.js)')
  error.name = 'ChunkLoadError'
  Object.assign(error, { type: 'error', request: '/js/5040.47c859cb.js' })
  throw error
})

const PHONE = '13812345678'

beforeAll(() => wireAppUi())
beforeEach(() => spyNavigation())
afterEach(() => jest.restoreAllMocks())

describe('H5 login page whose calls cannot load (offline)', () => {
  it('says the code was not sent, and the button offers to send again', async () => {
    freshApp('en-US')
    render(<Authorization />)
    await typeInto('Enter your phone number', PHONE)
    tap('Get verification code')
    await waitForToast('send failed')
    expect(screen.getByRole('button', { name: 'Get verification code' })).toBeTruthy()
  })

  it('says the server did not answer, leaves the user logged out and the button ready again', async () => {
    freshApp('en-US')
    render(<Authorization />)
    await typeInto('Enter your phone number', PHONE)
    await typeInto('SMS code', '246810')
    fireEvent.click(screen.getByRole('checkbox'))
    tap('Log in')
    await waitForToast('The server did not answer, please try again')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy())
    expect(useSessionStore.getState().virtualUserId).toBe('')
  })
})
