import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { LifePayOrderDetail } from '@contract/lifePay'
import { ElectricAccountType, ElectricType } from '@domain/electric'
import { GasProvider } from '@domain/gas'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { LifePayOrderStatus, LifePayStatus } from '@domain/lifePayStatus'
import { useLocaleStore } from '../../../src/i18n/i18n'
import { useLocationCityStore } from '../../../src/stores/locationCity'
import { useRechargeDraftStore } from '../../../src/subpackages/recharge/hooks/rechargeDraftStore'
import { facesPriced, logIn, logOut, PATHS, rates, renderWithQuery, typeInto } from './support'
import { withFakeApi } from '../../support/fakeApi'
import { refusal } from '../../support/testServer'
import { queriesSettled } from '../../support/queries'
import { taroInputNamed } from '../../support/taroInput'
import { electricAreas } from '../../support/electricAreas'
import { regionTree } from '../../support/regions'
import RechargeForm from '../../../src/subpackages/recharge/components/RechargeForm'
import { electricRecharge } from '../../../src/subpackages/recharge/kinds/electricRecharge'
import { gasRecharge } from '../../../src/subpackages/recharge/kinds/gasRecharge'

const areas = electricAreas

const setLocationCity = (city: string) => useLocationCityStore.getState().setCity(city)
const regionButton = () => screen.getByRole('button', { name: 'Region' })

const created = { orderNo: 'LP9', payAmount: 99, parValue: 100, discountAmount: 1 }
const api = withFakeApi()
let navigateTo: jest.SpyInstance
/** The electricity and gas orders sent, oldest first. */
const electricOrders = () => api.bodies(PATHS.createElectric)
const gasOrders = () => api.bodies(PATHS.createGas)

beforeEach(() => {
  useLocaleStore.setState({ locale: 'en-US' })
  useRechargeDraftStore.setState({ electric: undefined, gas: undefined })
  setLocationCity('')
  logIn()
  api.answer(PATHS.rate, rates)
  api.answer(PATHS.userAccounts, [])
  api.answer(PATHS.electricAreas, areas)
  api.answer(PATHS.regions, regionTree)
  api.answer(PATHS.electricParValue, [
    { electricType: ElectricType.Guowang, parValue: [50, 100, 200, 500] },
    { electricType: ElectricType.Nanwang, parValue: [100, 300, 1000] },
  ])
  api.answer(PATHS.gasParValue, [
    { gasOrgType: GasProvider.XinAo, gasOrgName: '新奥燃气', parValue: [50, 100, 400] },
    { gasOrgType: GasProvider.BeiJing, gasOrgName: '北京燃气', parValue: [100, 200] },
  ])
  // The supplier's account lookup (issue 20) knows every account here; its own states: accountCheck.test.tsx.
  api.answer(PATHS.accountCheck, { status: 'found', holderName: '张*三', balance: null, owed: null })
  api.answer(PATHS.createElectric, created)
  api.answer(PATHS.createGas, created)
  navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
})

/** The form submits once the supplier has answered for the account typed. */
const accountChecked = () => screen.findByText('Holder: 张*三')

afterEach(() => {
  jest.restoreAllMocks()
  logOut()
})

const radios = (group: string) => within(screen.getByRole('radiogroup', { name: group })).getAllByRole('radio')
const topUp = () => fireEvent.click(screen.getByRole('button', { name: /Top up now/ }))

describe('electricity top-up', () => {
  it('preselects the stored location city, locks its grid and asks Southern Grid for the holder and their sixID', async () => {
    setLocationCity('深圳')
    renderWithQuery(<RechargeForm kind={electricRecharge} />)
    await waitFor(() => expect(regionButton().textContent).toBe('Shenzhen, Guangdong'))
    await facesPriced()
    expect(screen.getByRole('radio', { name: 'Southern Grid' }).getAttribute('aria-checked')).toBe('true')
    expect(screen.getByRole('radio', { name: 'State Grid' }).getAttribute('aria-disabled')).toBe('true')
    expect(radios('Amount').map((c) => c.textContent)).toEqual([
      '¥100Price ¥99.00Save ¥1.00',
      '¥300Price ¥297.00Save ¥3.00',
    ])
    // Southern Grid takes no account type (State Grid's); it takes the last six of the holder's ID number.
    expect(screen.queryByRole('radiogroup', { name: 'Account type' })).toBeNull()

    topUp()
    // Account and holder name required, and the sixID with Southern Grid's reason.
    expect(await screen.findAllByText('This field is required')).toHaveLength(2)
    expect(
      screen.getByText("Southern Grid needs the last 6 characters of the holder's ID number").closest('.lp-field')
        ?.textContent,
    ).toContain('ID number, last 6')
    expect(screen.getByText('Please choose an amount')).not.toBeNull()
    typeInto(taroInputNamed('Electricity account'), '07-55')
    typeInto(taroInputNamed('ID number, last 6'), '12345')
    topUp()
    // The form's own checks answer: no call is made.
    expect(await screen.findByText('Please enter a valid electricity account number (5 to 20 digits)')).not.toBeNull()
    expect(
      screen.getByText("Enter the last 6 characters of the holder's ID number (6 digits, or 5 digits and X)"),
    ).not.toBeNull()
    expect(electricOrders()).toHaveLength(0)

    typeInto(taroInputNamed('Electricity account'), '075512345678')
    typeInto(taroInputNamed('Account holder'), '张三')
    // Digits and the check character only, a lower-case x read as X.
    typeInto(taroInputNamed('ID number, last 6'), '12-345x9')
    expect(taroInputNamed('ID number, last 6').getAttribute('value')).toBe('12345X')
    fireEvent.click(radios('Amount')[0])
    await accountChecked()
    topUp()
    await waitFor(() => expect(navigateTo).toHaveBeenCalledTimes(1))
    expect(electricOrders()).toEqual([
      {
        parValue: 100,
        electricAccount: '075512345678',
        electricType: ElectricType.Nanwang,
        province: '440000',
        city: '440300',
        sixID: '12345X',
        name: '张三',
        expectedPayAmount: 99,
        idempotencyKey: expect.any(String),
      },
    ])
    expect(navigateTo).toHaveBeenCalledWith({
      url: '/subpackages/recharge/selectPayType/selectPayType?orderNo=LP9&type=electric',
    })
    // Part of an ID number: kept in no draft.
    expect(JSON.stringify(useRechargeDraftStore.getState().electric)).not.toMatch(/12345X|sixI[dD]/)
  })

  it('asks State Grid for its account type (residential first) and no sixID', async () => {
    useRechargeDraftStore.setState({
      electric: { cityCode: '110100', electricType: ElectricType.Guowang, account: '1234567890', holderName: '' },
    })
    const { queryClient } = renderWithQuery(<RechargeForm kind={electricRecharge} parValue={100} />)
    await queriesSettled(queryClient)
    expect(screen.queryByRole('textbox', { name: 'ID number, last 6' })).toBeNull()
    expect(screen.getByRole('radio', { name: 'Residential' }).getAttribute('aria-checked')).toBe('true')
    await accountChecked()
    fireEvent.click(screen.getByRole('radio', { name: 'Shop' }))
    topUp()
    await waitFor(() => expect(navigateTo).toHaveBeenCalledTimes(1))
    expect(electricOrders()[0]).toMatchObject({
      electricType: ElectricType.Guowang,
      electricAccountType: ElectricAccountType.Shop,
    })
    expect(electricOrders()[0]).not.toHaveProperty('sixID')
  })

  it('asks for the region first when the location is not served, and sends no holder where none is needed', async () => {
    setLocationCity('拉萨市')
    const { container, queryClient } = renderWithQuery(<RechargeForm kind={electricRecharge} parValue={200} />)
    // The areas (and face values) are in, so the location city has been looked up.
    await queriesSettled(queryClient)
    expect(screen.getByRole('button', { name: 'Region' }).textContent).toBe('Choose a region')
    topUp()
    expect(await screen.findByText('Please choose the region')).not.toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Region' }))
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('radio', { name: 'Beijing' }))
    expect(screen.queryByText('Please choose the region')).toBeNull()
    expect(container.querySelectorAll('taro-input-core')).toHaveLength(1)
    typeInto(container.querySelector('taro-input-core'), '1234567890')
    await accountChecked()
    topUp()
    await waitFor(() => expect(navigateTo).toHaveBeenCalledTimes(1))
    expect(electricOrders()[0]).toMatchObject({
      parValue: 200,
      electricType: ElectricType.Guowang,
      electricAccountType: ElectricAccountType.House,
      province: '110000',
      city: '110100',
    })
    // No holder where none is needed: the field is not sent at all.
    expect(electricOrders()[0]).not.toHaveProperty('name')
  })

  it('remembers the region the user picks as the location city, and opens there next time', async () => {
    setLocationCity('拉萨市')
    const first = renderWithQuery(<RechargeForm kind={electricRecharge} />)
    // The areas are in, so the location city has been looked up.
    await queriesSettled(first.queryClient)
    expect(regionButton().textContent).toBe('Choose a region')
    fireEvent.click(regionButton())
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('radio', { name: 'Shenzhen' }))
    expect(useLocationCityStore.getState().city).toBe('深圳市')
    first.unmount()

    // Next launch: no draft in memory; the location city preselects the region and its grid.
    useRechargeDraftStore.setState({ electric: undefined })
    renderWithQuery(<RechargeForm kind={electricRecharge} />)
    await waitFor(() => expect(regionButton().textContent).toBe('Shenzhen, Guangdong'))
    expect(screen.getByRole('radio', { name: 'Southern Grid' }).getAttribute('aria-checked')).toBe('true')
  })

  it('titles a saved account without a remark by its city and grid, in the user language', async () => {
    api.answer(PATHS.userAccounts, [
      {
        id: 'e1',
        lifePayType: LifePayOrderType.Electric,
        content: '0755123456',
        remark: '',
        ispCode: null,
        electricType: ElectricType.Nanwang,
        electricAccountType: ElectricAccountType.House,
        gasOrgType: null,
        province: '440000',
        city: '440300',
        name: '张三',
        creationTime: '',
      },
    ])
    renderWithQuery(<RechargeForm kind={electricRecharge} />)
    const saved = await screen.findByRole('group', { name: 'Saved' })
    await waitFor(() => expect(within(saved).getByRole('button').textContent).toMatch(/^Shenzhen Southern Grid/))
  })

  it('keeps the region of the draft over the location city', async () => {
    setLocationCity('深圳市')
    useRechargeDraftStore.setState({
      electric: {
        cityCode: '110100',
        electricType: ElectricType.Guowang,
        accountType: ElectricAccountType.House,
        account: '',
        holderName: '',
      },
    })
    const { queryClient } = renderWithQuery(<RechargeForm kind={electricRecharge} />)
    // The areas are in, so the location city has been looked up (and lost to the draft).
    await queriesSettled(queryClient)
    expect(regionButton().textContent).toBe('Beijing')
  })

  it('prefills everything from an earlier order (top up again)', async () => {
    const order = {
      orderNo: 'LP-OLD',
      lifePayOrderType: LifePayOrderType.Electric,
      account: '075500001111',
      parValue: 300,
      payAmount: 297,
      payStatus: LifePayStatus.Paid,
      lifePayOrderStatus: LifePayOrderStatus.Completed,
      frontStatus: 100,
      lifePayType: 10,
      creationTime: '',
      discountAmount: 3,
      rate: 99,
      ispCode: null,
      electricType: ElectricType.Nanwang,
      electricAccountType: ElectricAccountType.Enterprise,
      gasOrgType: null,
      province: '广东省',
      city: '深圳市',
      name: '李四',
      sixID: '*****X',
    } as unknown as LifePayOrderDetail
    api.answer('/api/LifePay/GetUserLifePayOrderDetail', order)
    setLocationCity('北京市')
    renderWithQuery(<RechargeForm kind={electricRecharge} fromOrderNo='LP-OLD' />)
    await waitFor(() => expect(regionButton().textContent).toBe('Shenzhen, Guangdong'))
    await facesPriced()
    expect(api.sent('/api/LifePay/GetUserLifePayOrderDetail').map((request) => request.search)).toEqual([
      '?orderNo=LP-OLD',
    ])
    // Read quietly: the form fills in place, no masked indicator.
    expect(api.loadingShown()).toBe(0)
    // Taro's inputs draw their native <input> (which carries the name) a tick after mounting.
    await waitFor(() => expect(taroInputNamed('Account holder').getAttribute('value')).toBe('李四'))
    expect(taroInputNamed('Electricity account').getAttribute('value')).toBe('075500001111')
    // The order's sixID (masked by the server anyway) is never filled in: the user types it again.
    expect(taroInputNamed('ID number, last 6').getAttribute('value') ?? '').toBe('')
    expect(screen.getByTestId('payable').textContent).toBe('¥297.00')
    // The order's region wins over the location city, and is not taken for the user's own choice.
    expect(useLocationCityStore.getState().city).toBe('北京市')
  })

  it('shows the server’s area refusal at the region', async () => {
    api.route(PATHS.createElectric, () => refusal('该地区暂不支持电费充值', 'AREA_NOT_SUPPORTED'))
    const { container, queryClient } = renderWithQuery(<RechargeForm kind={electricRecharge} parValue={100} />)
    // The areas to pick from and the face value to order are in.
    await queriesSettled(queryClient)
    fireEvent.click(screen.getByRole('button', { name: 'Region' }))
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('radio', { name: 'Beijing' }))
    typeInto(container.querySelector('taro-input-core'), '1234567890')
    await accountChecked()
    topUp()
    expect((await screen.findByRole('alert')).textContent).toBe('该地区暂不支持电费充值')
    expect(screen.getByRole('alert').closest('.lp-field')?.textContent).toContain('Region')
  })
})

describe('gas top-up', () => {
  it('names the providers, asks the province and city, validates the account at the field, prices and orders', async () => {
    const { container, queryClient } = renderWithQuery(<RechargeForm kind={gasRecharge} />)
    // The providers' face values (which providers are offered) and the gas rate are in.
    await queriesSettled(queryClient)
    expect(radios('Gas company').map((c) => c.textContent)).toEqual([
      'China Gas',
      'ENN Natural Gas',
      'China Resources Gas',
      'Towngas',
      'Zhongran Gas',
      'Beijing Gas',
    ])
    expect(screen.getByRole('radio', { name: 'China Gas' }).getAttribute('aria-disabled')).toBe('true')
    // No location city: the city is asked.
    expect(regionButton().textContent).toBe('Choose a region')
    topUp()
    expect(await screen.findByText('Please choose the gas company')).not.toBeNull()
    expect(screen.getByText('Choose the province and city').closest('.lp-field')?.textContent).toContain('Region')
    // Any city of the region list (GetRegionalManagementList).
    fireEvent.click(regionButton())
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('radio', { name: 'Guangzhou' }))
    expect(regionButton().textContent).toBe('Guangzhou, Guangdong')
    expect(screen.queryByText('Choose the province and city')).toBeNull()
    // A gas city is not the electricity location city.
    expect(useLocationCityStore.getState().city).toBe('')
    fireEvent.click(screen.getByRole('radio', { name: 'ENN Natural Gas' }))
    expect(radios('Amount').map((c) => c.textContent)).toEqual([
      '¥50Price ¥48.65Save ¥1.35',
      '¥100Price ¥97.30Save ¥2.70',
    ])
    typeInto(container.querySelector('taro-input-core'), 'GZ-1')
    fireEvent.click(radios('Amount')[1])
    topUp()
    // The form's own check answers: no call is made.
    expect(
      await screen.findByText('Please enter a valid gas account number (5 to 20 letters or digits)'),
    ).not.toBeNull()
    expect(gasOrders()).toHaveLength(0)
    typeInto(container.querySelector('taro-input-core'), 'GZ 2024 0001')
    await accountChecked()
    topUp()
    await waitFor(() => expect(navigateTo).toHaveBeenCalledTimes(1))
    expect(gasOrders()).toEqual([
      {
        parValue: 100,
        gasAccount: 'GZ20240001',
        gasOrgType: GasProvider.XinAo,
        province: '440000',
        city: '440100',
        expectedPayAmount: 97.3,
        idempotencyKey: expect.any(String),
      },
    ])
    expect(navigateTo).toHaveBeenCalledWith({
      url: '/subpackages/recharge/selectPayType/selectPayType?orderNo=LP9&type=gas',
    })
  })

  it('picks a saved gas account, by remark', async () => {
    api.answer(PATHS.userAccounts, [
      {
        id: 'g1',
        lifePayType: LifePayOrderType.Gas,
        content: '88886666',
        remark: 'Home',
        ispCode: null,
        electricType: null,
        electricAccountType: null,
        gasOrgType: GasProvider.BeiJing,
        province: '110000',
        city: '110100',
        name: null,
        creationTime: '',
      },
    ])
    setLocationCity('深圳市')
    const { queryClient } = renderWithQuery(<RechargeForm kind={gasRecharge} parValue={100} />)
    await queriesSettled(queryClient)
    // Nothing named: the location city, as the region list spells it.
    expect(regionButton().textContent).toBe('Shenzhen, Guangdong')
    fireEvent.click(within(await screen.findByRole('group', { name: 'Saved' })).getByRole('button', { name: /Home/ }))
    expect(screen.getByRole('radio', { name: 'Beijing Gas' }).getAttribute('aria-checked')).toBe('true')
    // The saved account's own city.
    expect(regionButton().textContent).toBe('Beijing')
    await waitFor(() => expect(taroInputNamed('Gas account').getAttribute('value')).toBe('88886666'))
    await accountChecked()
    topUp()
    await waitFor(() => expect(navigateTo).toHaveBeenCalledTimes(1))
    expect(gasOrders()[0]).toMatchObject({
      gasAccount: '88886666',
      gasOrgType: GasProvider.BeiJing,
      province: '110000',
      city: '110100',
    })
  })

  it('shows the server’s refusal of a city outside its province at the region', async () => {
    api.route(PATHS.createGas, () => refusal('请选择正确的省份和城市', 'REGION_UNKNOWN'))
    setLocationCity('广州市')
    useRechargeDraftStore.setState({ gas: { provider: GasProvider.XinAo, account: 'GZ20240001' } })
    const { queryClient } = renderWithQuery(<RechargeForm kind={gasRecharge} parValue={100} />)
    await queriesSettled(queryClient)
    await accountChecked()
    topUp()
    expect((await screen.findByRole('alert')).textContent).toBe('请选择正确的省份和城市')
    expect(screen.getByRole('alert').closest('.lp-field')?.textContent).toContain('Region')
  })
})
