import { collectEntryToHome as miniCollectEntry } from '../../src/platform/collectEntry'
import { collectEntryToHome } from '../../src/platform/collectEntry.h5'

describe('collectEntryToHome (H5)', () => {
  afterEach(() => window.history.replaceState(null, '', '/'))

  it('turns a collect entry into home before the router reads the address, keeping the channel', () => {
    window.history.replaceState(null, '', '/subpackages/recharge/gasBillRecharge/gasBillRecharge?collect=1&channelId=7')
    expect(collectEntryToHome()).toBe(true)
    expect(window.location.pathname).toBe('/pages/home/index')
    expect(window.location.search).toBe('?channelId=7')
  })

  it('drops an empty query with it', () => {
    window.history.replaceState(null, '', '/pages/mine/index?collect=true')
    expect(collectEntryToHome()).toBe(true)
    expect(`${window.location.pathname}${window.location.search}`).toBe('/pages/home/index')
  })

  it('leaves any other address as it is', () => {
    window.history.replaceState(null, '', '/subpackages/recharge/gasBillRecharge/gasBillRecharge?channelId=7')
    expect(collectEntryToHome()).toBe(false)
    expect(`${window.location.pathname}${window.location.search}`).toBe(
      '/subpackages/recharge/gasBillRecharge/gasBillRecharge?channelId=7',
    )
  })

  it('is nothing on the mini-programs, whose onLaunch relaunches', () => {
    window.history.replaceState(null, '', '/pages/mine/index?collect=1')
    expect(miniCollectEntry()).toBe(false)
    expect(window.location.pathname).toBe('/pages/mine/index')
  })
})
