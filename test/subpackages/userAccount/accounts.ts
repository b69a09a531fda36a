import { CarrierCode } from '@domain/carrier'
import { ElectricAccountType, ElectricType } from '@domain/electric'
import { GasProvider } from '@domain/gas'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import type { UserAccount } from '@contract/lifePay'
import { electricAreas } from '../../support/electricAreas'

const blank = {
  ispCode: null,
  electricType: null,
  electricAccountType: null,
  gasOrgType: null,
  province: null,
  city: null,
  name: null,
  creationTime: '2026-05-01T06:00:00.000Z',
}

export const phoneAccount: UserAccount = {
  ...blank,
  id: 'acc-phone-1',
  lifePayType: LifePayOrderType.Phone,
  content: '13812345678',
  remark: '爸妈',
  ispCode: CarrierCode.Yidong,
}

export const electricAccountSaved: UserAccount = {
  ...blank,
  id: 'acc-electric-1',
  lifePayType: LifePayOrderType.Electric,
  content: '0101234567890',
  remark: '家里',
  electricType: ElectricType.Nanwang,
  electricAccountType: ElectricAccountType.House,
  // The server keeps area codes.
  province: '440000',
  city: '440300',
  name: '张三',
}

export const gasAccountSaved: UserAccount = {
  ...blank,
  id: 'acc-gas-1',
  lifePayType: LifePayOrderType.Gas,
  content: 'GZ12345678',
  remark: '',
  gasOrgType: GasProvider.HuaRun,
}

export const areas = electricAreas
