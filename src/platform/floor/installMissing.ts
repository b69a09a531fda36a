/** Defines `name` on a built-in prototype as the language does (non-enumerable) unless the engine has it. */
export function installMissing(prototype: object, name: string, method: unknown) {
  if (typeof (prototype as Record<string, unknown>)[name] !== 'function') {
    Object.defineProperty(prototype, name, { value: method, writable: true, configurable: true })
  }
}
