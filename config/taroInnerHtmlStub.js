// Stands in for Taro's HTML parser (@tarojs/runtime dom-external/inner-html/html.js, ~9 KiB with its scanner,
// style parser and tag tables) in the mini-program builds: no screen sets innerHTML or dangerouslySetInnerHTML
// (mini.runtime.enableInnerHTML is false), but @tarojs/react imports the parser for that prop. Failing loudly keeps
// a future use from rendering nothing in silence.
// Saves 9.4 KiB of the mini-program main package (docs/architecture.md § Patches). To remove: dropTaroHtmlParser in
// config/index.ts and this file.
export function setInnerHTML() {
  throw new Error('innerHTML is disabled in the mini-program builds (config/index.ts: mini.runtime.enableInnerHTML)')
}
