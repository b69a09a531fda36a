import { isResultPageOf, RESULT_PAGE_PATHS } from '@domain/resultPages'
import { rechargeResultUrl, type RechargeKind } from '../../src/routes'

describe('result pages, the way back from a web payment', () => {
  it("are the app's own result page addresses, one per kind of top-up", () => {
    const kinds: RechargeKind[] = ['phone', 'electric', 'gas']
    expect(kinds.map((kind) => rechargeResultUrl(kind, 'LP1').split('?')[0])).toEqual(RESULT_PAGE_PATHS)
    for (const kind of kinds)
      expect(isResultPageOf(rechargeResultUrl(kind, 'LP20240101000001'), 'LP20240101000001')).toBe(true)
  })

  it('match only the order itself, with nothing more in the query', () => {
    const page = '/subpackages/recharge/rechargeResult/rechargeResult'
    expect(isResultPageOf(`${page}?orderNo=LP2`, 'LP1')).toBe(false)
    expect(isResultPageOf(`${page}?orderNo=LP1&next=/x`, 'LP1')).toBe(false)
    expect(isResultPageOf(`/h5${page}?orderNo=LP1`, 'LP1')).toBe(false)
    expect(isResultPageOf('/subpackages/recharge/selectPayType/selectPayType?orderNo=LP1', 'LP1')).toBe(false)
  })
})
