import { nextTask } from './h5Boot'

/**
 * H5: a request prepares in a task of its own (axios's config merge, the interceptors, Taro.request's fetch call).
 * A page's reads start together when it mounts; prepared in one task they made one long task on a phone (~15–35 ms
 * at 1× CPU for home's three reads); one task each, the browser may paint and handle input in between. The cost is
 * one message hop, well under a millisecond.
 */
export function requestTurn(): Promise<void> | undefined {
  return nextTask()
}
