import { LifePayOrderType } from '@domain/lifePayOrderType'
import { LifePayOrderStatus, LifePayStatus } from '@domain/lifePayStatus'
import { discountBadge, discountDetail } from '../../src/pages/home/discount'
import { accountTopUpUrl, repeatOrderUrl } from '../../src/pages/home/topUpLinks'
import type { LifePayOrderListItem, UserAccount } from '@contract/lifePay'

describe('the discount as home shows it', () => {
  it.each([
    [98.5, '9.85折', 'Pay 98.5%'],
    [95, '9.5折', 'Pay 95%'],
    [90, '9折', 'Pay 90%'],
    [99.95, '9.995折', 'Pay 99.95%'],
  ])('rate %p: zh %p (折 counts tenths), en %p', (rate, zh, en) => {
    expect(discountBadge(rate, 'zh-CN')).toBe(zh)
    expect(discountBadge(rate, 'en-US')).toBe(en)
  })

  it('shows no badge at face value or while the rate is unknown, and says a surcharge as such', () => {
    expect(discountBadge(100, 'zh-CN')).toBeNull()
    expect(discountBadge(undefined, 'zh-CN')).toBeNull()
    expect(discountBadge(101, 'zh-CN')).toBe('面值的101%')
    expect(discountBadge(101, 'en-US')).toBe('Pay 101%')
  })

  it('spells the rule out with what 100 yuan costs, rounded as SPEC §9', () => {
    expect(discountDetail('话费', 98.5, 'zh-CN')).toBe('话费按面值的98.5%支付，充100元付¥98.50')
    expect(discountDetail('Phone', 98.5, 'en-US')).toBe('Phone: pay 98.5% of face value, ¥98.50 for ¥100')
    expect(discountDetail('Gas', 99.555, 'en-US')).toBe('Gas: pay 99.555% of face value, ¥99.56 for ¥100')
    expect(discountDetail('电费', 100, 'zh-CN')).toBe('电费按面值支付')
    expect(discountDetail('电费', undefined, 'zh-CN')).toBeNull()
  })
})

const account = (over: Partial<UserAccount>): UserAccount => ({
  id: 'acc-1',
  lifePayType: LifePayOrderType.Phone,
  content: '13812345678',
  remark: '',
  ispCode: null,
  electricType: null,
  electricAccountType: null,
  gasOrgType: null,
  province: null,
  city: null,
  name: null,
  creationTime: '2026-01-01T00:00:00Z',
  ...over,
})

const order = (over: Partial<LifePayOrderListItem>): LifePayOrderListItem => ({
  orderNo: 'LP1',
  payStatus: LifePayStatus.Paid,
  lifePayOrderStatus: LifePayOrderStatus.Completed,
  frontStatus: null,
  lifePayOrderType: LifePayOrderType.Phone,
  account: '13812345678',
  parValue: 50,
  payAmount: 49.25,
  lifePayType: null,
  creationTime: '2026-01-01T00:00:00Z',
  ...over,
})

describe('one-tap top-up links (query names agreed in docs/login.md)', () => {
  it('a saved phone number opens the phone top-up with the number filled in', () => {
    expect(accountTopUpUrl(account({}))).toBe(
      '/subpackages/recharge/phoneBillRecharge/phoneBillRecharge?phone=13812345678',
    )
  })

  it('a saved electricity or gas account opens its top-up by account id', () => {
    expect(accountTopUpUrl(account({ id: 'e 1', lifePayType: LifePayOrderType.Electric, content: '1234567890' }))).toBe(
      '/subpackages/recharge/electricBillRecharge/electricBillRecharge?accountId=e%201',
    )
    expect(accountTopUpUrl(account({ id: 'g1', lifePayType: LifePayOrderType.Gas }))).toBe(
      '/subpackages/recharge/gasBillRecharge/gasBillRecharge?accountId=g1',
    )
  })

  it('"top up again" on a phone order repeats number and face value', () => {
    expect(repeatOrderUrl(order({}))).toBe(
      '/subpackages/recharge/phoneBillRecharge/phoneBillRecharge?phone=13812345678&parValue=50',
    )
  })

  it('repeats an electricity or gas order from the order itself (grid, provider and area come with it)', () => {
    const electric = order({
      orderNo: 'LP 7',
      lifePayOrderType: LifePayOrderType.Electric,
      account: '1234567890',
      parValue: 100,
    })
    expect(repeatOrderUrl(electric)).toBe(
      '/subpackages/recharge/electricBillRecharge/electricBillRecharge?fromOrderNo=LP%207',
    )
    expect(repeatOrderUrl(order({ orderNo: 'LP8', lifePayOrderType: LifePayOrderType.Gas }))).toBe(
      '/subpackages/recharge/gasBillRecharge/gasBillRecharge?fromOrderNo=LP8',
    )
  })
})
