import { waitFor } from '@testing-library/react'
import type * as Indicator from '../../src/components/loadingIndicator.h5'

// The H5 loading indicator loads Taro's on first use (src/components/loadingIndicator.h5.ts). Taro's calls are
// replaced by a record of what was asked, and the module's chunk by a factory that can fail like webpack's does.
const mockCalls: string[] = []
let mockChunkFails = 0
let mockLoads = 0

jest.mock('../../src/components/loading', () => {
  mockLoads += 1
  if (mockChunkFails > 0) {
    mockChunkFails -= 1
    throw Object.assign(new Error('Loading chunk 670 failed.'), { name: 'ChunkLoadError' })
  }
  return { showLoading: () => mockCalls.push('show'), hideLoading: () => mockCalls.push('hide') }
})

// A fresh module registry each time, so the indicator and the code it loads start unloaded.
function freshIndicator(): typeof Indicator {
  jest.resetModules()
  return jest.requireActual('../../src/components/loadingIndicator.h5')
}

describe('loading indicator (H5: Taro’s loaded on first use)', () => {
  // A rejection left unhandled fails the test it happens in (jest does: checked with a bare Promise.reject), so
  // each test below also shows that a failed load leaves none behind.
  beforeEach(() => {
    mockCalls.length = 0
    mockChunkFails = 0
    mockLoads = 0
  })

  it('shows and hides in the order asked, though the first call waits for the code', async () => {
    const { hideLoading, showLoading } = freshIndicator()
    showLoading()
    hideLoading()
    showLoading()
    expect(mockCalls).toEqual([])
    await waitFor(() => expect(mockCalls).toEqual(['show', 'hide', 'show']))
    hideLoading()
    await waitFor(() => expect(mockCalls).toEqual(['show', 'hide', 'show', 'hide']))
  })

  it('shows nothing when its code cannot be loaded, raises no unhandled rejection, and loads it on the next call', async () => {
    const { hideLoading, showLoading } = freshIndicator()
    mockChunkFails = 1
    showLoading()
    await waitFor(() => expect(mockLoads).toBe(1))
    expect(mockCalls).toEqual([])
    // The next call asks for the code again, and this time it arrives.
    showLoading()
    hideLoading()
    await waitFor(() => expect(mockCalls).toEqual(['show', 'hide']))
    expect(mockLoads).toBe(2)
  })
})
