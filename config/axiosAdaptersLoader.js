// A webpack loader for axios's lib/adapters/adapters.js in the app builds (config/index.ts): the module becomes
// config/axiosAdapters.js, which knows only the adapter function we pass, so axios's xhr and fetch adapters and their
// helpers stay out of every bundle. It checks that axios's file still has the shape that replacement was written
// for — the same imports, the same three named adapters, the same default export, a function taken as it is — and
// fails the build otherwise (an axios upgrade is then read, not shipped blind: docs/upgrading.md).
// Saves 8.8 KiB gzip on every H5 route that calls the server (measured, docs/architecture.md § Patches). To remove:
// onlyOurAxiosAdapter in config/index.ts, this file, config/axiosAdapters.js, their .d.ts and test.
const { resolve } = require('node:path')

const REPLACEMENT = resolve(__dirname, 'axiosAdapters.js')

// What axios 1.x's adapters.js is made of, comments and blank space aside.
const EXPECTED_IMPORTS = [
  "import utils from '../utils.js';",
  "import httpAdapter from './http.js';",
  "import xhrAdapter from './xhr.js';",
  "import * as fetchAdapter from './fetch.js';",
  "import AxiosError from '../core/AxiosError.js';",
]
const EXPECTED_PARTS = [
  /const knownAdapters = \{\s*http: httpAdapter,\s*xhr: xhrAdapter,\s*fetch: \{\s*get: fetchAdapter\.getFetch,?\s*\},?\s*\};/,
  /const isResolvedHandle = \(adapter\) =>\s*utils\.isFunction\(adapter\) \|\| adapter === null \|\| adapter === false;/,
  /throw new AxiosError\(`Unknown adapter '\$\{id\}'`\);/,
  /export default \{\s*getAdapter,\s*adapters: knownAdapters,?\s*\};\s*$/,
]

/** @param {string} source axios's adapters.js @returns {string} the module that takes its place */
function onlyPassedAdapter(source) {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  const imports = code.match(/^import .*$/gm) ?? []
  const problem =
    imports.join('\n') !== EXPECTED_IMPORTS.join('\n')
      ? `its imports are now:\n${imports.join('\n')}`
      : EXPECTED_PARTS.filter((part) => !part.test(code)).map((part) => `it no longer matches ${part}`)[0]
  if (problem)
    throw new Error(
      `axios's lib/adapters/adapters.js changed shape (${problem}): check config/axiosAdapters.js against it`,
    )
  return `export { default } from ${JSON.stringify(REPLACEMENT)}\n`
}

module.exports = function axiosAdaptersLoader(source) {
  return onlyPassedAdapter(String(source))
}
module.exports.onlyPassedAdapter = onlyPassedAdapter
