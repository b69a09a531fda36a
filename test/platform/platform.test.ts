import { detectUserAgent, runtimeHost } from '../../src/platform/platform'

const UA = {
  wechatIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
  alipayAndroid:
    'Mozilla/5.0 (Linux; U; Android 13; zh-CN; V2203A Build/TP1A.220624.014) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/69.0.3497.100 UWS/3.22.2.59 Mobile Safari/537.36 AlipayChannelId/5136 AlipayClient/10.5.36.7000',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  chromeDesktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  wechatDesktop:
    'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x63090a13)',
}

describe('platform detection (SPEC §1)', () => {
  it.each([
    ['wechatIos', { isAlipay: false, isWeChat: true, isMobile: true, isPC: false }],
    ['alipayAndroid', { isAlipay: true, isWeChat: false, isMobile: true, isPC: false }],
    ['safariIphone', { isAlipay: false, isWeChat: false, isMobile: true, isPC: false }],
    ['chromeDesktop', { isAlipay: false, isWeChat: false, isMobile: false, isPC: true }],
    ['wechatDesktop', { isAlipay: false, isWeChat: true, isMobile: false, isPC: true }],
  ] as const)('%s', (name, expected) => {
    expect(detectUserAgent(UA[name])).toEqual(expected)
  })

  it('tells mini-program hosts from H5 inside WeChat, inside Alipay and in other browsers', () => {
    expect(runtimeHost('weapp', UA.wechatIos)).toBe('weapp')
    expect(runtimeHost('alipay', UA.alipayAndroid)).toBe('alipay')
    expect(runtimeHost('h5', UA.wechatIos)).toBe('h5-wechat')
    expect(runtimeHost('h5', UA.alipayAndroid)).toBe('h5-alipay')
    expect(runtimeHost('h5', UA.safariIphone)).toBe('h5')
  })
})
