// A webpack loader for @tarojs/components' taro-components.css in the H5 build (config/index.ts): Taro's H5 runtime
// imports that stylesheet at start-up, and 6 of its 8 KiB are the weui icon font (base64) with the icon, checkbox and
// radio rules that draw with it. Only Taro's Icon, Checkbox and Radio render those classes, and the app renders none
// of them (config/h5Components lists what it does render): their rules go, the `.taro-app-wrap` base rules stay.
// Taro's file is flat (no nesting, no at-rule but the font face): a change there fails the build here, not in silence.

/** @param {string} css */
function dropWeuiIcons(css) {
  const rules = css.match(/[^{}]+\{[^{}]*\}/g) ?? []
  if (rules.join('') !== css.trim()) throw new Error('taro-components.css is not a flat list of rules any more')
  const isWeui = (rule) => {
    const [selector, body] = rule.split('{')
    return selector.includes('weui') || (selector.trim() === '@font-face' && body.includes('font-family:weui'))
  }
  const kept = rules.filter((rule) => !isWeui(rule))
  if (kept.length === rules.length) throw new Error('taro-components.css has no weui icon font any more')
  return kept.join('')
}

module.exports = function dropWeuiIconsLoader(source) {
  return dropWeuiIcons(String(source))
}
module.exports.dropWeuiIcons = dropWeuiIcons
