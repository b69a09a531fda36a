// The H5 app's start-up in several main-thread tasks instead of one (config/h5StagedBootLoader.js rewrites Taro's
// generated entry to call these). On a phone, evaluating the framework, evaluating the app and rendering the first page
// in one go held the main thread for ~50–70 ms: input and painting wait behind it (Lighthouse's Total Blocking Time).
// Between stages the browser may paint and handle input; nothing of the app runs in between, so the order of events
// the app sees is unchanged. No Taro import: this runs before Taro's runtime is set up.

/** Resolves in a new task (a message, which unlike a timer is never clamped or throttled), after pending input. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}

/**
 * Runs each stage in a task of its own, in order, each after the previous one has finished (a stage may return a
 * promise: an eager `import()`, whose module is in the bundle and only waits to be evaluated).
 * config/h5StagedBootLoader.js makes Taro's entry into this. A failure stops the start and is thrown in its own task,
 * as an error of the entry script would have been.
 */
export async function bootInStages(
  stages: readonly (() => unknown)[],
  fail: (error: unknown) => void = throwInOwnTask,
): Promise<void> {
  try {
    for (const stage of stages) {
      await nextTask()
      await stage()
    }
  } catch (error) {
    fail(error)
  }
}

function throwInOwnTask(error: unknown): void {
  setTimeout(() => {
    throw error
  })
}

interface ReactWithTransition {
  startTransition: (scope: () => void) => void
}

interface TaroAppInstance {
  mount?: (...args: never[]) => unknown
}

/**
 * Pages mount as a React transition: React renders a page in slices of ~5 ms and lets the browser work in between,
 * instead of one long task per page. The router's callback still runs once the page is committed, as before.
 */
export function mountPagesInTransition<T extends TaroAppInstance>(app: T, react: ReactWithTransition): T {
  const mount = app.mount
  if (typeof mount !== 'function') return app
  app.mount = function mountInTransition(this: unknown, ...args: never[]) {
    react.startTransition(() => {
      mount.apply(this, args)
    })
  } as T['mount']
  return app
}
