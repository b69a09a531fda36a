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

  it('evaluates the app and starts it in tasks of their own, the app before the start', async () => {
    const order: string[] = []
    const booting = bootInStages(
      async () => {
        order.push('app evaluated')
        return { default: 'App' }
      },
      (app) => order.push(`started ${app}`),
    )
    order.push('entry task ends')
    await booting
    expect(order).toEqual(['entry task ends', 'app evaluated', 'started App'])
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
