import { onDemand } from '../../src/platform/onDemand'

describe('onDemand', () => {
  it('loads once for every caller, while loading and after', async () => {
    const load = jest.fn(async () => ({ answer: 42 }))
    const loaded = onDemand(load)
    const [first, second] = await Promise.all([loaded(), loaded()])
    expect(await loaded()).toBe(first)
    expect(second).toBe(first)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('forgets a load that failed, so the next call asks again', async () => {
    const offline = new Error('ChunkLoadError')
    const load = jest.fn<Promise<string>, []>().mockRejectedValueOnce(offline).mockResolvedValueOnce('module')
    const loaded = onDemand(load)
    await expect(loaded()).rejects.toBe(offline)
    await expect(loaded()).resolves.toBe('module')
    expect(load).toHaveBeenCalledTimes(2)
  })
})
