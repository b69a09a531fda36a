/** ECMAScript's Promise.prototype.finally: settles as the promise did, after `onFinally` (and its promise) ran. */
export function promiseFinally<T>(this: Promise<T>, onFinally?: (() => unknown) | null): Promise<T> {
  const constructor = (this as { constructor?: unknown }).constructor
  const species =
    typeof constructor === 'function'
      ? (constructor as { [Symbol.species]?: PromiseConstructor })[Symbol.species]
      : undefined
  const C: PromiseConstructor = typeof species === 'function' ? species : Promise
  if (typeof onFinally !== 'function') return this.then(onFinally, onFinally)
  return this.then(
    (value) => C.resolve(onFinally()).then(() => value),
    (reason) =>
      C.resolve(onFinally()).then(() => {
        throw reason
      }),
  )
}
