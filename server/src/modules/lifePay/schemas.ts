import { carrierCodeValues } from '../../../../src/domain/carrier'
import { electricAccountTypeValues, electricTypeValues } from '../../../../src/domain/electric'
import { gasProviderValues } from '../../../../src/domain/gas'
import {
  lifePayFrontStatusValues,
  lifePayOrderStatusValues,
  lifePayStatusValues,
} from '../../../../src/domain/lifePayStatus'
import { lifePayOrderTypeValues } from '../../../../src/domain/lifePayOrderType'
import { lifePayTypeValues } from '../../../../src/domain/lifePayType'
import { lifePayRateTypeValues } from '../../../../src/domain/rateType'
import {
  arr,
  body,
  bool,
  dateTime,
  int,
  nullable,
  num,
  obj,
  oneOfValues,
  query,
  str,
  type JsonSchema,
} from '../../http/schemas'

// Request and response shapes of types/api/lifePay.ts. Money is yuan with at most 2 decimals.

const yuan = (description: string) => num({ description: `${description} (yuan)` })
const ispCode = oneOfValues(carrierCodeValues)
const electricType = oneOfValues(electricTypeValues)
const electricAccountType = oneOfValues(electricAccountTypeValues)
const gasOrgType = oneOfValues(gasProviderValues)
const lifePayType = oneOfValues(lifePayTypeValues, { description: '10 WxPay, 20 AliPay' })
const lifePayOrderType = oneOfValues(lifePayOrderTypeValues, { description: '10 phone, 20 electricity, 30 gas' })
const orderNo = str({ minLength: 1, maxLength: 64 })

export const rate = obj(
  { rateType: oneOfValues(lifePayRateTypeValues), rate: num({ description: 'Percent of face value paid, e.g. 98.5' }) },
  ['rateType', 'rate'],
)

const faceValues = arr(num(), { description: 'Face values in yuan, ascending' })

export const phoneParValue = obj({ ispCode, ispName: str(), parValue: faceValues }, ['ispCode', 'ispName', 'parValue'])
export const electricParValue = obj({ electricType, parValue: faceValues }, ['electricType', 'parValue'])
export const gasParValue = obj({ gasOrgType, gasOrgName: str(), parValue: faceValues }, [
  'gasOrgType',
  'gasOrgName',
  'parValue',
])

export const electricSupportArea = obj(
  {
    provinceCode: str(),
    provinceName: str(),
    cityCode: str(),
    cityName: str(),
    electricType,
    needHolderName: bool(),
  },
  ['provinceCode', 'provinceName', 'cityCode', 'cityName', 'electricType', 'needHolderName'],
)

const orderBase = {
  parValue: num({ exclusiveMinimum: 0, description: 'Face value (yuan): one of the par-value list' }),
  idempotencyKey: str({
    pattern: '^[A-Za-z0-9_-]{8,64}$',
    description: 'Client-made key; a retry with it returns the same order',
  }),
}
const holderName = str({ maxLength: 60 })

export const createPhoneOrderBody = body({ ...orderBase, phone: str({ maxLength: 20 }), ispCode, name: holderName }, [
  'parValue',
  'idempotencyKey',
  'phone',
  'ispCode',
])
export const createElectricOrderBody = body(
  {
    ...orderBase,
    electricAccount: str({ maxLength: 32 }),
    electricType,
    electricAccountType,
    province: str({ maxLength: 32, description: 'provinceCode (or name) of GetElectricSupportArea' }),
    city: str({ maxLength: 32, description: 'cityCode (or name) of GetElectricSupportArea' }),
    name: holderName,
  },
  ['parValue', 'idempotencyKey', 'electricAccount', 'electricType', 'electricAccountType', 'province', 'city'],
)
export const createGasOrderBody = body(
  { ...orderBase, gasAccount: str({ maxLength: 32 }), gasOrgType, name: holderName },
  ['parValue', 'idempotencyKey', 'gasAccount', 'gasOrgType'],
)

export const createOrderResult = obj(
  {
    orderNo: str(),
    payAmount: yuan('What the user pays: face value × discount'),
    parValue: yuan('Face value'),
    discountAmount: yuan('Saving'),
  },
  ['orderNo', 'payAmount', 'parValue', 'discountAmount'],
)

export const setPayTypeBody = body({ orderNo, lifePayType }, ['orderNo', 'lifePayType'])
export const payOrderForJsApiBody = body({ orderNo, lifePayType, openId: str({ maxLength: 64 }) }, [
  'orderNo',
  'lifePayType',
])

const wxPayJsApi = obj(
  {
    appId: str(),
    timeStamp: str(),
    nonceStr: str(),
    package: str({ description: 'prepay_id=…' }),
    signType: oneOfValues(['RSA', 'MD5', 'HMAC-SHA256']),
    paySign: str(),
  },
  ['appId', 'timeStamp', 'nonceStr', 'package', 'signType', 'paySign'],
)

export const payOrderForJsApi = obj(
  {
    orderNo: str(),
    lifePayType,
    payAmount: yuan('Amount to pay'),
    sandbox: bool({ description: 'Pay through the sandbox cashier (POST /api/dev/pay/confirm), not a wallet' }),
    wxPay: nullable(wxPayJsApi),
    aliPayTradeNo: nullable(str()),
  },
  ['orderNo', 'lifePayType', 'payAmount', 'sandbox', 'wxPay', 'aliPayTradeNo'],
)

export const orderNoBody = body({ orderNo }, ['orderNo'])
export const orderNoQuery = query({ orderNo }, ['orderNo'])

const stateProperties = {
  orderNo: str(),
  payStatus: oneOfValues(lifePayStatusValues, { description: '10 unpaid, 20 paid, 30 pending refund, 40 refunded' }),
  lifePayOrderStatus: oneOfValues(lifePayOrderStatusValues, {
    description:
      '10 pending confirmation, 20 failed, 30 completed, 40 refund pending review, 50 refunded, 60 refund failed',
  }),
  frontStatus: nullable(
    oneOfValues(lifePayFrontStatusValues, { description: 'What the user sees; null while unpaid or failed' }),
  ),
}
const stateRequired = Object.keys(stateProperties)
export const orderState = obj(stateProperties, stateRequired)

const listProperties = {
  ...stateProperties,
  lifePayOrderType,
  account: str(),
  parValue: yuan('Face value'),
  payAmount: yuan('Amount paid'),
  lifePayType: nullable(lifePayType),
  creationTime: dateTime(),
}
const listRequired = Object.keys(listProperties)
export const orderListItem = obj(listProperties, listRequired)

const detailProperties = {
  ...listProperties,
  discountAmount: yuan('Saving'),
  rate: num({ description: 'Discount percent applied' }),
  ispCode: nullable(ispCode),
  electricType: nullable(electricType),
  electricAccountType: nullable(electricAccountType),
  gasOrgType: nullable(gasOrgType),
  province: nullable(str()),
  city: nullable(str()),
  name: nullable(str()),
  payTime: nullable(dateTime()),
  finishTime: nullable(dateTime()),
  refundApplyTime: nullable(dateTime()),
  refundApplyRemark: nullable(str()),
  refundTime: nullable(dateTime()),
  refundCheckRemark: nullable(str()),
  expireTime: nullable(dateTime({ description: 'When an unpaid order closes' })),
  canApplyRefund: bool(),
}
export const orderDetail = obj(detailProperties, Object.keys(detailProperties))

const paging = {
  pageIndex: int({ minimum: 1, description: '1-based' }),
  pageSize: int({ minimum: 1, maximum: 100 }),
}

export function page(item: JsonSchema): JsonSchema {
  return obj({ pageIndex: int(), pageSize: int(), totalCount: int(), items: arr(item) }, [
    'pageIndex',
    'pageSize',
    'totalCount',
    'items',
  ])
}

export const orderPageBody = body({ ...paging, lifePayOrderType }, ['pageIndex', 'pageSize'])

export const refundBody = body(
  { orderNo, refundApplyRemark: str({ maxLength: 400, description: 'Why (1 to 200 characters)' }) },
  ['orderNo', 'refundApplyRemark'],
)

const accountProperties = {
  id: str({ format: 'uuid' }),
  lifePayType: lifePayOrderType,
  content: str({ description: 'Phone number, electricity or gas account' }),
  remark: str(),
  ispCode: nullable(ispCode),
  electricType: nullable(electricType),
  electricAccountType: nullable(electricAccountType),
  gasOrgType: nullable(gasOrgType),
  province: nullable(str()),
  city: nullable(str()),
  name: nullable(str()),
  creationTime: dateTime(),
}
export const userAccount = obj(accountProperties, Object.keys(accountProperties))

export const addUpdateUserAccountBody = body(
  {
    id: str({ maxLength: 64, description: 'Absent: add; present: update that account' }),
    lifePayType: lifePayOrderType,
    content: str({ maxLength: 32 }),
    remark: str({ maxLength: 100 }),
    ispCode,
    electricType,
    electricAccountType,
    gasOrgType,
    province: str({ maxLength: 32 }),
    city: str({ maxLength: 32 }),
    name: holderName,
  },
  ['lifePayType', 'content'],
)

export const accountAllListBody = body({ lifePayOrderType })
export const accountListBody = body({ ...paging, lifePayOrderType }, ['pageIndex', 'pageSize'])
export const idQuery = query({ id: str({ minLength: 1, maxLength: 64 }) }, ['id'])
