import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { AddUpdateUserAccountInput } from '@contract/lifePay'
import { useToastStore } from '../../../src/components/toastStore'
import { GasProvider } from '@domain/gas'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { useUserAccounts } from '../../../src/hooks/useUserAccounts'
import { useLocationCityStore } from '../../../src/stores/locationCity'
import EditAccountView from '../../../src/subpackages/userAccount/components/EditAccountView'
import { electricAccount } from '../../../src/subpackages/userAccount/kinds/electricAccount'
import { gasAccount } from '../../../src/subpackages/userAccount/kinds/gasAccount'
import { phoneAccount } from '../../../src/subpackages/userAccount/kinds/phoneAccount'
import { renderedQueriesSettled, renderScreen } from '../order/support/render'
import { withFakeApi } from '../../support/fakeApi'
import { queriesSettled } from '../../support/queries'
import { taroInputNamed } from '../../support/taroInput'
import { refusal } from '../../support/testServer'
import { typeInto } from '../order/support/taroEvents'
import { regionTree } from '../../support/regions'
import { areas, electricAccountSaved, gasAccountSaved, phoneAccount as phoneAccountSaved } from './accounts'
import AccountForm from '../../../src/subpackages/userAccount/components/AccountForm'

jest.mock('@tarojs/taro', () => jest.requireActual('../order/support/taroPage').taroWithPageHooks())

const input = taroInputNamed
/** Taro's inputs render their inner <input> a tick after mounting; typing before that reaches no field. */
async function inputsReady() {
  await waitFor(() => {
    const hosts = [...document.querySelectorAll('taro-input-core')]
    expect(hosts.length).toBeGreaterThan(0)
    expect(hosts.every((host) => host.querySelector('input'))).toBe(true)
  })
}
const save = () => fireEvent.click(document.querySelector('.lp-account-form__save') as HTMLElement)
const alerts = () => [...document.querySelectorAll('.lp-field__error')].map((el) => el.textContent)
const radio = (group: string, name: string) =>
  within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name })

const api = withFakeApi()
const SAVE = '/api/LifePay/AddUpdateUserAccount'
const DETAIL = '/api/LifePay/GetUserAccountDetail'
const LIST = '/api/LifePay/GetUserAccountAllList'
const AREAS = '/api/LifePay/GetElectricSupportArea'
/** The saves sent, oldest first. */
const saved = () => api.bodies<AddUpdateUserAccountInput>(SAVE)

/** Stands for the top-up page's picker, showing how many phone accounts it knows. */
function PhonePicker() {
  const accounts = useUserAccounts(LifePayOrderType.Phone)
  return <span data-testid='picker'>{accounts.data?.length ?? '-'}</span>
}

beforeEach(() => {
  useToastStore.setState({ toast: null })
  useLocationCityStore.getState().setCity('')
  api.answer(SAVE, 'acc-new')
  jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'navigateBack:ok' })
  jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' })
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}, {}] as unknown as Taro.Page[])
  api.answer(AREAS, areas)
  api.answer('/api/Area/GetRegionalManagementList', regionTree)
  api.answer('/api/LifePay/GetGasParValue', [
    { gasOrgType: GasProvider.HuaRun, gasOrgName: '华润燃气', parValue: [50, 100] },
    { gasOrgType: GasProvider.XinAo, gasOrgName: '新奥燃气', parValue: [50, 100] },
  ])
})
afterEach(async () => {
  // The refetches a save starts are answered here, not in the next test.
  await renderedQueriesSettled()
  jest.restoreAllMocks()
})

describe('phone account', () => {
  it('validates the number with the shared rules before saving', async () => {
    renderScreen(<AccountForm kind={phoneAccount} />)
    await inputsReady()
    save()
    expect(alerts()).toEqual(['此项为必填项', '请选择运营商'])
    typeInto(input('手机号码'), '12345678901')
    save()
    expect(alerts()).toContain('请输入正确的手机号')
    expect(saved()).toHaveLength(0)
  })

  it('saves with the detected carrier and the remark, then goes back; every account query refreshes', async () => {
    api.answer(LIST, [])
    renderScreen(
      <>
        <PhonePicker />
        <AccountForm kind={phoneAccount} />
      </>,
    )
    await waitFor(() => expect(screen.getByTestId('picker').textContent).toBe('0'))
    await inputsReady()
    typeInto(input('手机号码'), '138-1234-5678')
    expect(input('手机号码').getAttribute('value')).toBe('138 1234 5678')
    expect(screen.getByText('中国移动', { selector: '.lp-text-field__suffix' })).not.toBeNull()
    expect(radio('运营商', '中国移动号段识别').getAttribute('aria-checked')).toBe('true')
    typeInto(input('备注'), '爸妈')
    api.answer(LIST, [phoneAccountSaved])
    save()
    await waitFor(() => expect(Taro.navigateBack).toHaveBeenCalled())
    // A new account: no id.
    expect(saved()).toEqual([
      { lifePayType: LifePayOrderType.Phone, content: '13812345678', ispCode: 'yidong', remark: '爸妈' },
    ])
    expect(useToastStore.getState().toast?.text).toBe('已保存')
    await waitFor(() => expect(screen.getByTestId('picker').textContent).toBe('1'))
  })

  it('keeps the carrier the user picked for a ported number', async () => {
    renderScreen(<AccountForm kind={phoneAccount} />, { locale: 'en-US' })
    await inputsReady()
    typeInto(input('Phone number'), '13812345678')
    fireEvent.click(radio('Carrier', 'China Unicom'))
    save()
    await waitFor(() => expect(saved()).toEqual([expect.objectContaining({ ispCode: 'liantong' })]))
  })

  it('refuses a remark over the limit', async () => {
    renderScreen(<AccountForm kind={phoneAccount} />)
    await inputsReady()
    typeInto(input('手机号码'), '13812345678')
    typeInto(input('备注'), '很'.repeat(51))
    save()
    expect(alerts()).toEqual(['备注最多50个字'])
    expect(saved()).toHaveLength(0)
  })

  it('shows the server’s refusal of a duplicate at the number', async () => {
    api.route(SAVE, () => refusal('该手机号已保存，请勿重复添加', 'ACCOUNT_DUPLICATE'))
    renderScreen(<AccountForm kind={phoneAccount} />)
    await inputsReady()
    typeInto(input('手机号码'), '13812345678')
    save()
    await waitFor(() => expect(alerts()).toEqual(['该手机号已保存，请勿重复添加']))
    expect(Taro.navigateBack).not.toHaveBeenCalled()
  })

  it('a double tap saves once', async () => {
    const answer = api.hold(SAVE)
    renderScreen(<AccountForm kind={phoneAccount} />)
    await inputsReady()
    typeInto(input('手机号码'), '13812345678')
    save()
    save()
    await waitFor(() => expect(screen.getByText('保存中…')).not.toBeNull())
    save()
    answer.answer('acc-new')
    await waitFor(() => expect(Taro.navigateBack).toHaveBeenCalled())
    expect(saved()).toHaveLength(1)
  })

  it('a tap after the save answered, while the page is leaving, neither saves again nor goes back twice', async () => {
    let left!: () => void
    jest
      .spyOn(Taro, 'navigateBack')
      .mockReturnValue(new Promise((resolve) => (left = () => resolve({ errMsg: 'navigateBack:ok' }))))
    renderScreen(<AccountForm kind={phoneAccount} />)
    await inputsReady()
    typeInto(input('手机号码'), '13812345678')
    save()
    await waitFor(() => expect(Taro.navigateBack).toHaveBeenCalledTimes(1))
    save()
    // H5's navigateBack answers as the address changes; the form is still on screen until the page unloads.
    left()
    await waitFor(() => expect(screen.getByText('保存中…')).not.toBeNull())
    save()
    expect(saved()).toHaveLength(1)
    expect(Taro.navigateBack).toHaveBeenCalledTimes(1)
  })

  it('a failed navigation after the save unlocks the form', async () => {
    jest.spyOn(Taro, 'navigateBack').mockRejectedValueOnce({ errMsg: 'navigateBack:fail' })
    renderScreen(<AccountForm kind={phoneAccount} />)
    await inputsReady()
    typeInto(input('手机号码'), '13812345678')
    save()
    await waitFor(() => expect(Taro.navigateBack).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(screen.getByText('保存')).not.toBeNull())
    save()
    await waitFor(() => expect(Taro.navigateBack).toHaveBeenCalledTimes(2))
    expect(saved()).toHaveLength(2)
  })

  it('opened by URL with no history, goes to the list after saving', async () => {
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}] as unknown as Taro.Page[])
    renderScreen(<AccountForm kind={phoneAccount} />)
    await inputsReady()
    typeInto(input('手机号码'), '13812345678')
    save()
    await waitFor(() =>
      expect(Taro.redirectTo).toHaveBeenCalledWith({
        url: '/subpackages/userAccount/userAccountList/userAccountList?type=10',
      }),
    )
  })

  it('loads an account by id and updates it', async () => {
    api.answer(DETAIL, phoneAccountSaved)
    renderScreen(<EditAccountView kind={phoneAccount} id='acc-phone-1' />)
    // Shown in 3-4-4 groups; the account is still saved as the plain digits below.
    await waitFor(() => expect(input('手机号码')?.getAttribute('value')).toBe('138 1234 5678'))
    await inputsReady()
    expect(api.sent(DETAIL).map((request) => request.search)).toEqual(['?id=acc-phone-1'])
    // Read quietly: the page shows its own loading state.
    expect(api.loadingShown()).toBe(0)
    expect(input('备注').getAttribute('value')).toBe('爸妈')
    typeInto(input('备注'), '妈妈')
    save()
    await waitFor(() =>
      expect(saved()).toEqual([
        {
          id: 'acc-phone-1',
          lifePayType: LifePayOrderType.Phone,
          content: '13812345678',
          ispCode: 'yidong',
          remark: '妈妈',
        },
      ]),
    )
  })

  it('an unknown id, or an account of another utility, is not found', async () => {
    api.refuse(DETAIL, 'ACCOUNT_NOT_FOUND', '户号不存在')
    const { unmount } = renderScreen(<EditAccountView kind={phoneAccount} id='nope' />)
    await waitFor(() => expect(screen.getByText('该户号不存在或已删除')).not.toBeNull())
    unmount()
    api.answer(DETAIL, gasAccountSaved)
    renderScreen(<EditAccountView kind={phoneAccount} id='acc-gas-1' />)
    await waitFor(() => expect(screen.getByText('该户号不存在或已删除')).not.toBeNull())
    expect(document.querySelector('.lp-account-form')).toBeNull()
  })
})

describe('electricity account', () => {
  it('needs a region, an account number in the domain format, and the holder where the region asks; no account type for Southern Grid', async () => {
    const { queryClient } = renderScreen(<AccountForm kind={electricAccount} />)
    // The regions to pick from are in.
    await queriesSettled(queryClient)
    await inputsReady()
    save()
    expect(alerts()).toEqual(['请选择缴费地区', '请选择电网类型', '此项为必填项'])

    fireEvent.click(screen.getByRole('button', { name: '缴费地区' }))
    fireEvent.click(screen.getByRole('radio', { name: '深圳市' }))
    expect(radio('电网类型', '南方电网').getAttribute('aria-checked')).toBe('true')
    await inputsReady()
    typeInto(input('电费户号'), '12')
    save()
    expect(alerts()).toEqual(['请输入正确的电费户号（5至20位数字）', '此项为必填项'])

    typeInto(input('电费户号'), '0101234567890')
    typeInto(input('户主姓名'), '张三')
    // Southern Grid takes no account type (State Grid's), and a saved account never keeps the holder's ID number.
    expect(screen.queryByRole('radiogroup', { name: '户号类型' })).toBeNull()
    expect(screen.queryByRole('textbox', { name: '身份证后6位' })).toBeNull()
    save()
    await waitFor(() =>
      expect(saved()).toEqual([
        {
          lifePayType: LifePayOrderType.Electric,
          content: '0101234567890',
          electricType: 'nanwang',
          province: '广东省',
          city: '深圳市',
          name: '张三',
          remark: '',
        },
      ]),
    )
  })

  it('starts a new account in the location city, and remembers the region the user picks', async () => {
    useLocationCityStore.getState().setCity('北京市')
    renderScreen(<AccountForm kind={electricAccount} />)
    await waitFor(() => expect(screen.getByRole('button', { name: '缴费地区' }).textContent).toBe('北京市'))
    expect(radio('电网类型', '国家电网').getAttribute('aria-checked')).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: '缴费地区' }))
    fireEvent.click(screen.getByRole('radio', { name: '深圳市' }))
    expect(useLocationCityStore.getState().city).toBe('深圳市')
  })

  it('places a saved account in its region when editing', async () => {
    // The account's own region wins over the location city.
    useLocationCityStore.getState().setCity('北京市')
    renderScreen(<AccountForm kind={electricAccount} initial={electricAccountSaved} />, { locale: 'en-US' })
    await waitFor(() => expect(screen.getByText('Shenzhen, Guangdong')).not.toBeNull())
    await inputsReady()
    expect(input('Account holder').getAttribute('value')).toBe('张三')
    save()
    await waitFor(() => expect(saved()).toEqual([expect.objectContaining({ id: 'acc-electric-1', city: '深圳市' })]))
    // Southern Grid: its account type is not asked, and not sent.
    expect(saved()[0]).not.toHaveProperty('electricAccountType')
  })

  it('asks a State Grid account its type, in the domain’s words when it has none', async () => {
    const southern = { ...electricAccountSaved, electricAccountType: null }
    renderScreen(<AccountForm kind={electricAccount} initial={southern} />)
    await waitFor(() => expect(screen.getByRole('button', { name: '缴费地区' }).textContent).toBe('广东省 深圳市'))
    fireEvent.click(screen.getByRole('button', { name: '缴费地区' }))
    fireEvent.click(screen.getByRole('radio', { name: '北京市' }))
    expect(radio('电网类型', '国家电网').getAttribute('aria-checked')).toBe('true')
    save()
    expect(alerts()).toEqual(['国家电网需选择电费类型'])
    fireEvent.click(radio('户号类型', '企业'))
    save()
    await waitFor(() =>
      expect(saved()).toEqual([
        expect.objectContaining({ electricType: 'guowang', electricAccountType: 'enterprise', city: '北京市' }),
      ]),
    )
  })
})

describe('gas account', () => {
  it('needs a company that can be topped up and an account in the domain format', async () => {
    renderScreen(<AccountForm kind={gasAccount} />)
    await waitFor(() => expect(radio('燃气公司', '北京燃气').getAttribute('aria-disabled')).toBe('true'))
    await inputsReady()
    save()
    expect(alerts()).toEqual(['请选择燃气公司', '此项为必填项'])
    fireEvent.click(radio('燃气公司', '北京燃气'))
    expect(radio('燃气公司', '北京燃气').getAttribute('aria-checked')).toBe('false')
    fireEvent.click(radio('燃气公司', '华润燃气'))
    typeInto(input('燃气户号'), 'ab#1')
    save()
    expect(alerts()).toEqual(['请输入正确的燃气户号（5至20位字母或数字）'])
    typeInto(input('燃气户号'), 'GZ12345678')
    typeInto(input('备注'), '老房子')
    // The city is optional on an account.
    save()
    await waitFor(() =>
      expect(saved()).toEqual([
        { lifePayType: LifePayOrderType.Gas, content: 'GZ12345678', gasOrgType: 'hua_run', remark: '老房子' },
      ]),
    )
  })

  it('keeps the city the account is in, as codes, starting from the location city', async () => {
    useLocationCityStore.getState().setCity('深圳市')
    renderScreen(<AccountForm kind={gasAccount} />)
    await waitFor(() => expect(screen.getByRole('button', { name: '缴费地区' }).textContent).toBe('广东省 深圳市'))
    fireEvent.click(screen.getByRole('button', { name: '缴费地区' }))
    fireEvent.click(screen.getByRole('radio', { name: '石家庄市' }))
    fireEvent.click(radio('燃气公司', '新奥燃气'))
    await inputsReady()
    typeInto(input('燃气户号'), 'SJZ2024001')
    save()
    await waitFor(() =>
      expect(saved()).toEqual([
        expect.objectContaining({ content: 'SJZ2024001', gasOrgType: 'xin_ao', province: '130000', city: '130100' }),
      ]),
    )
    // A gas city is not the electricity location city.
    expect(useLocationCityStore.getState().city).toBe('深圳市')
  })

  it('places a saved gas account in its city when editing', async () => {
    renderScreen(<AccountForm kind={gasAccount} initial={{ ...gasAccountSaved, province: '310000', city: '310100' }} />)
    await waitFor(() => expect(screen.getByRole('button', { name: '缴费地区' }).textContent).toBe('上海市'))
  })
})
