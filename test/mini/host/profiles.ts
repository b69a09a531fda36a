/**
 * Client profiles of the test host. `current` is today's WeChat / Alipay app-service: no DOM, no AbortController,
 * fetch, XMLHttpRequest, MessageChannel or setImmediate (the context simply never has them). `oldest` is the oldest
 * client we support (iOS 11 / Chrome 63 engines, browserslist in package.json): additionally without the built-ins
 * that came after ES2017, removed from the context's own intrinsics before any app code runs.
 */
export type ClientProfile = 'current' | 'oldest'

/** Run inside the context (its own realm: the host's intrinsics stay whole). */
export const OLDEST_CLIENT_SCRIPT = `
(function (global) {
  var removed = [
    [Array.prototype, ['flat', 'flatMap', 'at', 'findLast', 'findLastIndex', 'toSorted', 'toReversed', 'toSpliced', 'with']],
    [String.prototype, ['trimStart', 'trimEnd', 'matchAll', 'replaceAll', 'at', 'isWellFormed', 'toWellFormed']],
    [Promise.prototype, ['finally']],
    [Promise, ['allSettled', 'any', 'withResolvers']],
    [Object, ['fromEntries', 'hasOwn', 'groupBy']],
    [Map, ['groupBy']],
    [global, ['globalThis', 'BigInt', 'WeakRef', 'FinalizationRegistry', 'AggregateError', 'queueMicrotask', 'structuredClone']]
  ];
  removed.forEach(function (entry) {
    entry[1].forEach(function (name) { delete entry[0][name]; });
  });
  delete Symbol.prototype.description;
  // Typed arrays' own at/findLast come from %TypedArray%.prototype.
  var typed = Object.getPrototypeOf(Uint8Array.prototype);
  ['at', 'findLast', 'findLastIndex', 'toSorted', 'toReversed', 'with'].forEach(function (name) { delete typed[name]; });
})(this);
`

/** What the `oldest` profile takes away, for messages and docs. */
export const OLDEST_CLIENT_MISSING = [
  'globalThis',
  'Array.prototype.flat/flatMap/at/findLast',
  'String.prototype.trimStart/trimEnd/matchAll/replaceAll/at',
  'Promise.prototype.finally',
  'Promise.allSettled/any',
  'Object.fromEntries/hasOwn',
  'BigInt, WeakRef, AggregateError',
]
