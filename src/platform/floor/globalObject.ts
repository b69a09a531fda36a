/**
 * The global object, found without `globalThis` (iOS < 12.2, Chrome < 71) and without eval (the mini-programs forbid
 * `new Function`). Free `globalThis` in every bundled module resolves here (config/floorGlobals.ts); this module is
 * exempt from that rewrite, so the `globalThis` below is the engine's own.
 *
 * A mini-program on an engine without `globalThis` has no reachable global at all (strict code, and the module wrapper
 * passes `self`, `window` as undefined): an empty object stands in, so `"Deno" in globalThis` and
 * `globalThis.document` answer "absent", which is the truth there.
 */
type GlobalObject = typeof globalThis

const isGlobal = (candidate: unknown): candidate is GlobalObject =>
  typeof candidate === 'object' && candidate !== null && (candidate as { Math?: unknown }).Math === Math

export const globalObject: GlobalObject =
  (typeof globalThis === 'object' && isGlobal(globalThis) && globalThis) ||
  (typeof self === 'object' && isGlobal(self) && self) ||
  ({} as GlobalObject)
