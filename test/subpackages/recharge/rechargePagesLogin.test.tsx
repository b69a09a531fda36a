import { render, screen } from '@testing-library/react'
import { useLocaleStore } from '../../../src/i18n/i18n'
import { queryClient } from '../../../src/queryClient'
import RechargeElectricResult from '../../../src/subpackages/recharge/rechargeElectricResult/rechargeElectricResult'
import RechargeGasResult from '../../../src/subpackages/recharge/rechargeGasResult/rechargeGasResult'
import RechargeResult from '../../../src/subpackages/recharge/rechargeResult/rechargeResult'
import SelectPayType from '../../../src/subpackages/recharge/selectPayType/selectPayType'
import { currentPage } from '../../pages/support/taroPageHooks'
import { withFakeApi } from '../../support/fakeApi'
import { logOut } from './support'

jest.mock('@tarojs/taro', () => jest.requireActual('../../pages/support/taroPageHooks').taroWithPageHooks())

// Issue 37, item 8: logged out, the pay page and the result pages ask for login first, as the order pages do, instead
// of reading the order (answered 401) and then leaving for the login page.
const api = withFakeApi()

describe.each([
  ['selectPayType', SelectPayType],
  ['rechargeResult', RechargeResult],
  ['rechargeElectricResult', RechargeElectricResult],
  ['rechargeGasResult', RechargeGasResult],
])('%s logged out', (_, Page) => {
  afterEach(() => jest.restoreAllMocks())

  it('asks for login and reads nothing', () => {
    useLocaleStore.setState({ locale: 'zh-CN' })
    logOut()
    currentPage.reset({ orderNo: 'LP100' })
    render(<Page />)
    expect(screen.getByText('登录后查看您的订单')).not.toBeNull()
    expect(screen.getByRole('button', { name: '登录 / 注册' })).not.toBeNull()
    // Nothing asked, nor about to be.
    expect(queryClient.isFetching()).toBe(0)
    expect(api.sent('/api/LifePay/GetUserLifePayOrderDetail')).toEqual([])
    expect(api.sent('/api/LifePay/GetPayStatusByOrderNo')).toEqual([])
  })
})
