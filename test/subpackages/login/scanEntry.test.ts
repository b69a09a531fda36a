import { loginContextFrom, loginPageUrl } from '../../../src/subpackages/login/loginLinks'
import { scanUId } from '../../../src/subpackages/login/scanEntry'

describe('QR scan entry (docs/qr.md)', () => {
  it.each([
    ['Alipay / H5 query uId', { uId: 'Ab12_x-9' }, 'Ab12_x-9'],
    ['weapp scene, url-encoded as WeChat hands it over', { scene: 'uId%3DAb12x9' }, 'Ab12x9'],
    ['weapp scene, already decoded', { scene: 'uId=Ab12x9' }, 'Ab12x9'],
    ['weapp scene with another key first', { scene: 'c%3D1%26uId%3DAb12x9' }, 'Ab12x9'],
    ['weapp ordinary-link QR (q = the encoded link)', { q: encodeURIComponent('https://pay.example.com/subpackages/login/authorization/authorization?uId=Ab12x9') }, 'Ab12x9'],
    ['no code', {}, ''],
    ['scene without uId', { scene: 'a%3D1' }, ''],
    ['empty uId', { uId: '' }, ''],
    ['characters a code never carries', { uId: 'x"><script>' }, ''],
    ['longer than any code', { uId: 'a'.repeat(65) }, ''],
  ])('%s', (_, params, expected) => {
    expect(scanUId(params)).toBe(expected)
  })

  it('a direct uId wins over scene', () => {
    expect(scanUId({ uId: 'direct', scene: 'uId%3Dscene' })).toBe('direct')
  })

  it('keeps the uId and the way back through every login page link', () => {
    const context = loginContextFrom({ uId: 'Ab12x9', redirect: '/subpackages/recharge/phoneBillRecharge/phoneBillRecharge?phone=13812345678' })
    const url = loginPageUrl('registerForm', context)
    expect(url.startsWith('/subpackages/login/registerForm/registerForm?')).toBe(true)
    const query = new URLSearchParams(url.split('?')[1])
    expect(query.get('uId')).toBe('Ab12x9')
    expect(query.get('redirect')).toBe('/subpackages/recharge/phoneBillRecharge/phoneBillRecharge?phone=13812345678')
    // The next page reads the same context back, whether its host decoded the query (H5) or not (mini-programs).
    expect(loginContextFrom({ uId: query.get('uId')!, redirect: query.get('redirect')! })).toEqual(context)
    const raw = Object.fromEntries(url.split('?')[1].split('&').map((pair) => pair.split('=')))
    expect(loginContextFrom(raw)).toEqual(context)
  })

  it('leaves out what is not there', () => {
    expect(loginPageUrl('loginByForm', loginContextFrom({}), { tab: 'code' })).toBe('/subpackages/login/loginByForm/loginByForm?tab=code')
    expect(loginPageUrl('userPolicy')).toBe('/subpackages/login/userPolicy/userPolicy')
  })
})
