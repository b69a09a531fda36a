import { CarrierCode } from '@domain/carrier'
import { ElectricType } from '@domain/electric'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { orderRequirements } from '@domain/orderRequirements'

describe('orderRequirements: what production requires of each kind of order', () => {
  it('a China Telecom number needs the holder’s name; the other carriers do not', () => {
    expect(
      orderRequirements({ lifePayOrderType: LifePayOrderType.Phone, ispCode: CarrierCode.Dianxin }).holderName,
    ).toBe(true)
    for (const ispCode of [CarrierCode.Yidong, CarrierCode.Liantong, null])
      expect(orderRequirements({ lifePayOrderType: LifePayOrderType.Phone, ispCode })).toEqual({
        holderName: false,
        sixId: false,
        electricAccountType: false,
        region: false,
      })
  })

  it('Southern Grid needs sixID and no account type; State Grid the account type and no sixID', () => {
    expect(
      orderRequirements({ lifePayOrderType: LifePayOrderType.Electric, electricType: ElectricType.Nanwang }),
    ).toEqual({
      holderName: false,
      sixId: true,
      electricAccountType: false,
      region: true,
    })
    expect(
      orderRequirements({ lifePayOrderType: LifePayOrderType.Electric, electricType: ElectricType.Guowang }),
    ).toEqual({
      holderName: false,
      sixId: false,
      electricAccountType: true,
      region: true,
    })
  })

  it('a gas order names its province and city', () => {
    expect(orderRequirements({ lifePayOrderType: LifePayOrderType.Gas }).region).toBe(true)
  })
})
