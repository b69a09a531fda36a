// Stands in for the `platform` package (a user-agent parser) in the H5 build only. @tarojs/taro-h5 imports it for
// getSystemInfoSync()/getDeviceInfo(), and it parses the user agent with ~200 patterns as soon as it is imported:
// ~10 ms of the app's start-up on a phone (~40 ms under Lighthouse's 4× CPU), before the first render. Taro reads four
// fields; the app reads one (`platform`, which picks the Android nav bar height, src/stores/layout.ts). This reads the
// operating system the same way for the phones and desktops we serve (test/config/h5PlatformStub.test.ts holds it to
// the real package), with the device the real package names for iPhones, iPads and Android phones.
// ES5: it runs untranspiled-equivalent on our floor (iOS 11, Chrome 63).
// Saves 5.5 KiB gzip on the shell and every route (measured, docs/architecture.md § Patches). To remove: the
// `lightPlatformParser` plugin in config/index.ts, this file, its .d.ts and test.
var OS_PATTERNS = [
  ['Windows Phone', /Windows Phone(?: OS)? ([\d.]+)/],
  ['Android', /Android ([\d.]+)/],
  ['iOS', /(?:iPhone|iPad|iPod)(?:.*?) OS ([\d_]+)/],
  ['Windows', /Windows NT ([\d.]+)/],
  ['OS X', /Mac OS X ([\d_.]+)/],
  ['Chrome OS', /CrOS()/],
  ['Linux', /Linux()/],
]

var WINDOWS_NAMES = {
  '10.0': '10',
  6.3: '8.1',
  6.2: '8',
  6.1: 'Server 2008 R2 / 7',
  '6.0': 'Server 2008 / Vista',
  5.1: 'XP',
}

export function parseOs(ua) {
  for (var i = 0; i < OS_PATTERNS.length; i++) {
    var match = OS_PATTERNS[i][1].exec(ua)
    if (!match) continue
    var family = OS_PATTERNS[i][0]
    var version = match[1] ? match[1].replace(/_/g, '.') : null
    if (family === 'Windows' && version) version = WINDOWS_NAMES[version] || version
    return { family: family, version: version }
  }
  return { family: null, version: null }
}

/** The whole part of platform.parse(ua) that Taro reads: os (family, version, toString), manufacturer, product. */
export function parse(ua) {
  var os = parseOs(ua)
  var is64 = /\b(?:AMD|IA|Win|WOW|x86_|x)64\b/i.test(ua)
  var apple = /\((iPhone|iPad|iPod)\b/.exec(ua)
  // "Android 13; Pixel 7) AppleWebKit" or "Android 12; V2171A Build/…; wv) AppleWebKit": the model follows the version.
  var android = /Android [\d.]+; (?:[a-z]{2}[-_][a-z]{2}; )?(.+?)(?: Build\/[^;)]*)?(?:; wv)?\) AppleWebKit/i.exec(ua)
  return {
    os: {
      family: os.family,
      version: os.version,
      architecture: is64 ? 64 : 32,
      toString: function () {
        return os.family ? os.family + (os.version ? ' ' + os.version : '') + (is64 ? ' 64-bit' : '') : ''
      },
    },
    manufacturer: apple ? 'Apple' : null,
    product: apple ? apple[1] : android && !/^(?:wv|K)$/.test(android[1]) ? android[1] : null,
    ua: ua,
  }
}

export default parse(typeof navigator === 'undefined' ? '' : navigator.userAgent)
