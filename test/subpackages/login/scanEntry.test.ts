import { randomUUID } from 'node:crypto'
import { loginContextFrom, loginPageUrl } from '../../../src/subpackages/login/loginContext'
import { expandUId, scanUId } from '../../../src/subpackages/login/scanEntry'

// A user id (UUID) and its compact form, as WeChat's 32-character scene carries it.
const U = '3f2504e0-4f89-41d3-9a0c-0305e82c3301'
const C = 'PyUE4E-JQdOaDAMF6CwzAQ'

describe('QR scan entry (docs/qr.md)', () => {
  it.each([
    ['Alipay / H5 query uId', { uId: U }, U],
    ['weapp scene, url-encoded as WeChat hands it over', { scene: `uId%3D${C}` }, U],
    ['weapp scene, already decoded', { scene: `uId=${C}` }, U],
    ['weapp scene with another key first', { scene: `c%3D1%26uId%3D${C}` }, U],
    [
      'weapp ordinary-link QR (q = the encoded link)',
      { q: encodeURIComponent(`https://pay.example.com/subpackages/login/authorization/authorization?uId=${U}`) },
      U,
    ],
    // Issue 37, item 10: what names no user is no referral, so the page says nothing of one.
    ['a word, not a user id', { uId: 'hello' }, ''],
    ['a short code, not a user id', { scene: 'uId%3DAb12x9' }, ''],
    ['a UUID-shaped id of no version', { uId: '3f2504e0-4f89-01d3-9a0c-0305e82c3301' }, ''],
    ['no code', {}, ''],
    ['scene without uId', { scene: 'a%3D1' }, ''],
    ['empty uId', { uId: '' }, ''],
    ['characters a code never carries', { uId: 'x"><script>' }, ''],
    ['longer than any code', { uId: 'a'.repeat(65) }, ''],
  ])('%s', (_, params, expected) => {
    expect(scanUId(params)).toBe(expected)
  })

  it('a user id travels compact in the 32-character WeChat scene and is read back as the UUID the API takes', () => {
    const uuid = '3f2504e0-4f89-41d3-9a0c-0305e82c3301'
    const compact = Buffer.from(uuid.replace(/-/g, ''), 'hex').toString('base64url')
    expect(compact).toHaveLength(22)
    expect(`uId=${compact}`.length).toBeLessThanOrEqual(32)
    expect(expandUId(compact)).toBe(uuid)
    expect(scanUId({ scene: encodeURIComponent(`uId=${compact}`) })).toBe(uuid)
    expect(scanUId({ uId: uuid })).toBe(uuid)
    for (let i = 0; i < 50; i++) {
      const id = randomUUID()
      expect(expandUId(Buffer.from(id.replace(/-/g, ''), 'hex').toString('base64url'))).toBe(id)
    }
  })

  it('a direct uId wins over scene', () => {
    expect(scanUId({ uId: U, scene: 'uId%3D5b0e8f43-2b7c-4a3c-9d1e-7f6a5b4c3d2e' })).toBe(U)
  })

  it('keeps the uId and the way back through every login page link', () => {
    const context = loginContextFrom({
      uId: U,
      redirect: '/subpackages/recharge/phoneBillRecharge/phoneBillRecharge?phone=13812345678',
    })
    const url = loginPageUrl('registerForm', context)
    expect(url.startsWith('/subpackages/login/registerForm/registerForm?')).toBe(true)
    const query = new URLSearchParams(url.split('?')[1])
    expect(query.get('uId')).toBe(U)
    expect(query.get('redirect')).toBe('/subpackages/recharge/phoneBillRecharge/phoneBillRecharge?phone=13812345678')
    // The next page reads the same context back, whether its host decoded the query (H5) or not (mini-programs).
    expect(loginContextFrom({ uId: query.get('uId')!, redirect: query.get('redirect')! })).toEqual(context)
    const raw = Object.fromEntries(
      url
        .split('?')[1]
        .split('&')
        .map((pair) => pair.split('=')),
    )
    expect(loginContextFrom(raw)).toEqual(context)
  })

  it('leaves out what is not there', () => {
    expect(loginPageUrl('loginByForm', loginContextFrom({}), { tab: 'code' })).toBe(
      '/subpackages/login/loginByForm/loginByForm?tab=code',
    )
    expect(loginPageUrl('userPolicy')).toBe('/subpackages/login/userPolicy/userPolicy')
  })
})
