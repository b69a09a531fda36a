/** @jest-environment node */
// On H5 each call prepares in a task of its own (src/platform/requestTurn.h5.ts): the client must send nothing before
// its turn, and send as soon as the turn comes. Mini-programs and the rest of the suite use requestTurn.ts (no turn).
// The app shell hands the platform's turn to the client (setRequestTurn, src/appHttp.ts); here the test hands its own.
import { request } from '../../../src/services/http/client'
import { setRequestTurn } from '../../../src/services/http/turn'
import { requestTurn as h5RequestTurn } from '../../../src/platform/requestTurn.h5'
import { requestTurn } from '../../../src/platform/requestTurn'
import { waitFor } from '../support/adapterConformance'
import { withTestServer } from '../support/harness'
import { envelope } from '../../support/testServer'

jest.mock('@tarojs/taro', () => ({ __esModule: true, default: jest.requireActual('../support/taroNode').default }))

let releaseTurn: (() => void) | null = null

const { server } = withTestServer()

describe('a request’s turn', () => {
  it('is given at once in mini-programs (no turn), so nothing waits', () => {
    expect(requestTurn()).toBeUndefined()
  })

  it('on H5 comes in a later task: after the current one and its microtasks', async () => {
    const order: string[] = []
    const turn = h5RequestTurn()?.then(() => order.push('turn'))
    void Promise.resolve().then(() => order.push('microtask'))
    order.push('now')
    await turn
    expect(order).toEqual(['now', 'microtask', 'turn'])
  })

  it('holds the call until it comes, then sends it', async () => {
    setRequestTurn(() => new Promise<void>((resolve) => (releaseTurn = resolve)))
    server().route('/api/LifePay/GetRate', () => ({ json: envelope([{ rateType: 10, rate: 98 }]) }))
    const answer = request({ method: 'GET', url: '/api/LifePay/GetRate' })
    // The call is at its turn (asked for it, not given it yet): nothing may have been sent.
    await waitFor(() => releaseTurn !== null)
    expect(server().hits('/api/LifePay/GetRate')).toHaveLength(0)
    releaseTurn?.()
    await expect(answer).resolves.toEqual([{ rateType: 10, rate: 98 }])
    await waitFor(() => server().hits('/api/LifePay/GetRate').length === 1)
    setRequestTurn(requestTurn)
  })
})
