import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import AccountListView from '../../../src/subpackages/userAccount/components/AccountListView'
import { useDialogStore } from '../../../src/components/dialogStore'
import type { GetUserAccountAllListInput, UserAccount } from '@contract/lifePay'
import { emptyState, expectIllustration } from '../../support/emptyState'
import { withFakeApi } from '../../support/fakeApi'
import { ok } from '../../support/testServer'
import { removeDialog, renderedQueriesSettled, renderScreen } from '../order/support/render'
import { areas, electricAccountSaved, gasAccountSaved, phoneAccount } from './accounts'

jest.mock('@tarojs/taro', () => jest.requireActual('../order/support/taroPage').taroWithPageHooks())

const cards = () => [...document.querySelectorAll('.lp-account-card')]
const card = (id: string) => document.querySelector(`[data-account-id="${id}"]`) as HTMLElement

const api = withFakeApi()
const LIST = '/api/LifePay/GetUserAccountAllList'
const DELETE = '/api/LifePay/DeleteUserAccount'
/** The saved accounts the server keeps: each list read answers the utility asked for. */
const answerList = (accounts: UserAccount[]) =>
  api.route(LIST, (request) => {
    const { lifePayOrderType } = request.body as GetUserAccountAllListInput
    return ok(accounts.filter((account) => account.lifePayType === lifePayOrderType))
  })

describe('saved account list', () => {
  beforeEach(() => {
    answerList([phoneAccount, electricAccountSaved, gasAccountSaved])
    jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
    api.answer('/api/LifePay/GetElectricSupportArea', areas)
  })
  afterEach(async () => {
    await renderedQueriesSettled()
    jest.restoreAllMocks()
    // A closing confirmation is still in the dialog store: the next test's must be the only one.
    removeDialog()
  })

  it('shows one utility per tab: remark, masked number and what the account is', async () => {
    renderScreen(<AccountListView />)
    await waitFor(() => expect(cards()).toHaveLength(1))
    // The account list's read is quiet: the list shows its own loading state, no masked indicator over it.
    expect(api.bodies(LIST).at(-1)).toEqual({ lifePayOrderType: LifePayOrderType.Phone })
    expect(api.loadingShown()).toBe(0)
    expect(card('acc-phone-1').textContent).toContain('爸妈')
    expect(card('acc-phone-1').textContent).toContain('138****5678')
    expect(card('acc-phone-1').textContent).toContain('中国移动')
    expect(card('acc-phone-1').textContent).not.toContain('13812345678')

    fireEvent.click(screen.getByRole('tab', { name: '电费户号' }))
    await waitFor(() => expect(card('acc-electric-1')).not.toBeNull())
    expect(card('acc-electric-1').textContent).toContain('010******7890')
    // The region by name, though the server keeps its codes.
    await waitFor(() => expect(card('acc-electric-1').textContent).toContain('南方电网 · 广东省 深圳市 · 住宅'))

    fireEvent.click(screen.getByRole('tab', { name: '燃气户号' }))
    await waitFor(() => expect(card('acc-gas-1')).not.toBeNull())
    // No remark: the masked number is the card's title, not "未备注" (issue 17, item 13).
    const gasTitle = card('acc-gas-1').querySelector('.lp-account-card__remark')?.textContent ?? ''
    expect(gasTitle).toMatch(/^\w{3}\*{4,}\w{4}$/)
    expect(card('acc-gas-1').querySelectorAll('.lp-account-card__number')).toHaveLength(0)
    expect(card('acc-gas-1').textContent).not.toContain('未备注')
    expect(card('acc-gas-1').textContent).toContain('华润燃气')
  })

  it('names a saved region in English in en-US, a municipality once (issue 17, item 3)', async () => {
    const beijingAccount = { ...electricAccountSaved, id: 'acc-electric-2', province: '110000', city: '110100' }
    answerList([electricAccountSaved, beijingAccount])
    renderScreen(<AccountListView />, { locale: 'en-US' })
    fireEvent.click(await screen.findByRole('tab', { name: 'Electricity' }))
    await waitFor(() =>
      expect(card('acc-electric-1').textContent).toContain('Southern Grid · Shenzhen, Guangdong · Residential'),
    )
    expect(card('acc-electric-2').textContent).toContain('Southern Grid · Beijing · Residential')
  })

  it('a failed load says so in the user’s words, never the transport’s "Network Error" (issue 17, item 3)', async () => {
    api.fail(LIST)
    renderScreen(<AccountListView />, { locale: 'en-US' })
    // The page's own state says it (the request layer's toast is SPEC §8's, in its words).
    const said = await screen.findByText('The server did not answer, please try again')
    expect(said.closest('[role="alert"]')?.textContent).not.toContain('Network Error')
  })

  it('opens on the tab the query names', async () => {
    renderScreen(<AccountListView initialType={LifePayOrderType.Gas} />, { locale: 'en-US' })
    await waitFor(() => expect(card('acc-gas-1')).not.toBeNull())
    expect(screen.getByRole('tab', { name: 'Gas' }).getAttribute('aria-selected')).toBe('true')
  })

  it('tops up and edits an account on its own pages', async () => {
    renderScreen(<AccountListView initialType={LifePayOrderType.Electric} />)
    await waitFor(() => expect(card('acc-electric-1')).not.toBeNull())
    fireEvent.click(within(card('acc-electric-1')).getByText('充值'))
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({
      url: '/subpackages/recharge/electricBillRecharge/electricBillRecharge?accountId=acc-electric-1',
    })
    fireEvent.click(within(card('acc-electric-1')).getByText('编辑'))
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({
      url: '/subpackages/userAccount/editElectricUserAccount/editElectricUserAccount?id=acc-electric-1',
    })
  })

  it('deletes after the SPEC confirmation, and the list shows it at once', async () => {
    api.route(DELETE, () => {
      answerList([])
      return ok(1)
    })
    renderScreen(<AccountListView />, { locale: 'en-US' })
    await waitFor(() => expect(cards()).toHaveLength(1))
    fireEvent.click(within(card('acc-phone-1')).getByText('Delete'))
    await waitFor(() => expect(screen.getByRole('dialog')).not.toBeNull())
    expect(screen.getByRole('dialog').textContent).toContain('Prompt')
    expect(screen.getByRole('dialog').textContent).toContain('Are you sure you want to delete this data?')
    // Issue 37, item 14: beneath the SPEC's question, the account it is about, as its card names it.
    expect(document.querySelector('.lp-dialog__detail')?.textContent).toBe(
      card('acc-phone-1').querySelector('.lp-account-card__remark')?.textContent +
        ' · ' +
        card('acc-phone-1').querySelector('.lp-account-card__number')?.textContent,
    )
    fireEvent.click(screen.getByText('Confirm'))
    // The toast hides itself 2 s after it shows, in real time: caught as it shows (once the delete and the list's
    // read after it are answered: two round trips), not after the list re-renders.
    expect(await screen.findByText('Deleted')).not.toBeNull()
    await waitFor(() => expect(cards()).toHaveLength(0))
    expect(api.sent(DELETE).map((request) => request.search)).toEqual(['?id=acc-phone-1'])
    expect(screen.getByText('No saved phone numbers yet. Save one to top up faster')).not.toBeNull()
  })

  it('cancelling the confirmation deletes nothing', async () => {
    renderScreen(<AccountListView />)
    await waitFor(() => expect(cards()).toHaveLength(1))
    fireEvent.click(within(card('acc-phone-1')).getByText('删除'))
    await waitFor(() => expect(screen.getByRole('dialog')).not.toBeNull())
    fireEvent.click(screen.getByText('取消'))
    // The answer is taken (the confirmation closed, and with it the deletion's promise is settled: rejected).
    await waitFor(() => expect(useDialogStore.getState().dialog?.visible).toBe(false))
    expect(api.sent(DELETE)).toHaveLength(0)
    expect(cards()).toHaveLength(1)
  })

  it('an empty list shows an illustration and one action: adding an account of that utility (issue 17, item 9)', async () => {
    answerList([])
    renderScreen(<AccountListView initialType={LifePayOrderType.Gas} />)
    await waitFor(() => expect(screen.getByText('还没有常用燃气户号，添加后缴费更快捷')).not.toBeNull())
    await expectIllustration(emptyState())
    // The add in the middle is the page's one action: the bottom bar's add would be a second, identical one.
    expect(screen.getAllByRole('button', { name: /添加/ }).map((button) => button.textContent)).toEqual([
      '+ 添加燃气户号',
    ])
    expect(document.querySelector('.lp-account-list__bar')).toBeNull()
    fireEvent.click(within(emptyState()).getByRole('button'))
    expect(Taro.navigateTo).toHaveBeenCalledWith({
      url: '/subpackages/userAccount/editGasUserAccount/editGasUserAccount',
    })
  })

  it('a list with accounts keeps its add at the bottom, and no empty state', async () => {
    renderScreen(<AccountListView />)
    await waitFor(() => expect(cards()).toHaveLength(1))
    expect(document.querySelector('.lp-state')).toBeNull()
    fireEvent.click(within(document.querySelector('.lp-account-list__bar') as HTMLElement).getByText('+ 添加手机号'))
    expect(Taro.navigateTo).toHaveBeenCalledWith({
      url: '/subpackages/userAccount/editPhoneUserAccount/editPhoneUserAccount',
    })
  })
})
