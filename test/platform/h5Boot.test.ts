/** @jest-environment node */
import { bootInStages, mountPagesInTransition, nextTask } from '../../src/platform/h5Boot'

describe('the H5 start-up in stages (src/platform/h5Boot.ts)', () => {
  it('nextTask resolves in a later task: after the current one and its microtasks', async () => {
    const order: string[] = []
    const later = nextTask().then(() => order.push('next task'))
    void Promise.resolve().then(() => order.push('microtask'))
    order.push('now')
    await later
    expect(order).toEqual(['now', 'microtask', 'next task'])
  })

  it('runs each stage in order, each after the previous one has finished, none in the caller’s task', async () => {
    const order: string[] = []
    const booting = bootInStages([
      () => new Promise<void>((resolve) => setTimeout(() => resolve(void order.push('app')), 20)),
      async () => void order.push('API layer'),
      () => void order.push('app created'),
      () => void order.push('router started'),
    ])
    order.push('entry task ends')
    await booting
    expect(order).toEqual(['entry task ends', 'app', 'API layer', 'app created', 'router started'])
  })

  it('a stage’s failure stops the later ones and is reported (by default thrown in a task of its own)', async () => {
    const started = jest.fn()
    const failures: unknown[] = []
    await bootInStages([async () => Promise.reject(new Error('chunk failed')), started], (error) =>
      failures.push(error),
    )
    expect(started).not.toHaveBeenCalled()
    expect(failures).toEqual([new Error('chunk failed')])
  })

  it('mounts pages inside startTransition, with the router’s arguments and callback untouched', () => {
    const calls: unknown[][] = []
    const inTransition: boolean[] = []
    let transition = false
    const react = {
      startTransition(scope: () => void) {
        transition = true
        scope()
        transition = false
      },
    }
    const app = {
      mount(...args: unknown[]) {
        inTransition.push(transition)
        calls.push(args)
      },
    }
    const callback = () => undefined
    mountPagesInTransition(app, react).mount('Page', 'pages/home/index', callback)
    expect(calls).toEqual([['Page', 'pages/home/index', callback]])
    expect(inTransition).toEqual([true])
  })
})
