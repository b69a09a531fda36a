/**
 * Mini-programs (and tests): a request starts at once. The H5 build uses requestTurn.h5.ts, which lets requests
 * started together each prepare in a task of their own.
 */
export function requestTurn(): Promise<void> | undefined {
  return undefined
}
