import platform from 'platform'
import { parse } from '../../config/h5PlatformStub'

// The H5 build replaces the `platform` package with config/h5PlatformStub.js: for the fields @tarojs/taro-h5's
// getSystemInfoSync reads (os.family → platform, String(os) → system, manufacturer → brand, product → model), it
// must answer as the package does on the browsers we serve.
const USER_AGENTS = {
  'iPhone Safari':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  'iPhone WeChat on iOS 11':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 11_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15F79 MicroMessenger/7.0.3(0x17000321) NetType/WIFI Language/zh_CN',
  'iPad WeChat':
    'Mozilla/5.0 (iPad; CPU OS 12_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40(0x1800282a) NetType/WIFI Language/zh_CN',
  'Pixel Chrome':
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36',
  'Lighthouse’s Moto G':
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36',
  'Android WeChat':
    'Mozilla/5.0 (Linux; Android 12; V2171A Build/SP1A.210812.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/97.0.4692.98 Mobile Safari/537.36 XWEB/5023 MMWEBSDK/20221206 MicroMessenger/8.0.32.2300(0x28002037) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  'Huawei browser':
    'Mozilla/5.0 (Linux; Android 10; ELS-AN00 Build/HUAWEIELS-AN00) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/88.0.4324.93 Mobile Safari/537.36 HuaweiBrowser/12.0.4.300',
  'Alipay on Android':
    'Mozilla/5.0 (Linux; U; Android 9; zh-CN; MI 8 Build/PKQ1.180729.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/69.0.3497.100 UWS/3.22.0.36 Mobile Safari/537.36 AliApp(AP/10.2.0.9000) AlipayClient/10.2.0.9000 Language/zh-Hans',
  'Windows Chrome':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  'Mac Safari':
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  'headless Chromium':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
}

describe('the H5 build’s stand-in for the platform package', () => {
  it.each(Object.entries(USER_AGENTS))('reads %s as the package does', (_, ua) => {
    const real = platform.parse(ua)
    const ours = parse(ua)
    expect({
      family: ours.os.family,
      system: String(ours.os),
      manufacturer: ours.manufacturer,
      product: ours.product,
    }).toEqual({
      family: real.os?.family ?? null,
      system: String(real.os),
      manufacturer: real.manufacturer ?? null,
      product: real.product ?? null,
    })
  })

  it('gives Android for Android phones, which is what picks the 48 px nav bar', () => {
    expect(parse(USER_AGENTS['Pixel Chrome']).os.family).toBe('Android')
    expect(parse(USER_AGENTS['iPhone Safari']).os.family).toBe('iOS')
  })
})
