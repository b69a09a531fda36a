import { fireEvent, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { reminderConsentText } from '@domain/reminderSchedule'
import ReminderForm from '../../../src/subpackages/userAccount/components/ReminderForm'
import ReminderListView from '../../../src/subpackages/userAccount/components/ReminderListView'
import AccountListView from '../../../src/subpackages/userAccount/components/AccountListView'
import { useToastStore } from '../../../src/components/toastStore'
import type { TopUpReminder } from '@contract/reminders'
import { withFakeApi } from '../../support/fakeApi'
import { ok, type Reply } from '../../support/testServer'
import { renderedQueriesSettled, renderScreen } from '../order/support/render'
import { gasAccountSaved, phoneAccount } from './accounts'

jest.mock('@tarojs/taro', () => jest.requireActual('../order/support/taroPage').taroWithPageHooks())

const reminder: TopUpReminder = {
  id: '00000000-0000-4000-8000-000000000001',
  userAccountId: phoneAccount.id,
  lifePayOrderType: 10,
  account: '13812345678',
  remark: '爸妈',
  kind: 'monthlyDay' as TopUpReminder['kind'],
  dayOfMonth: 15,
  threshold: null,
  channel: 'sms' as TopUpReminder['channel'],
  status: 'active',
  nextRunTime: '2026-12-15T01:00:00.000Z',
  needsSubscription: false,
  consentTime: '2026-12-01T00:00:00.000Z',
  creationTime: '2026-12-01T00:00:00.000Z',
}

const api = withFakeApi()
const ADD = '/api/LifePay/AddTopUpReminder'
const LIST = '/api/LifePay/GetTopUpReminderList'
const CANCEL = '/api/LifePay/CancelTopUpReminder'
/** The reminders asked for, oldest first. */
const added = () => api.bodies(ADD)

describe('top-up reminders', () => {
  beforeEach(() => {
    jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' })
    api.answer(ADD, reminder)
  })
  afterEach(async () => {
    await renderedQueriesSettled()
    jest.restoreAllMocks()
  })

  it('the consent starts unticked and the save is refused until it is ticked; then the words are sent', async () => {
    renderScreen(<ReminderForm account={phoneAccount} />)
    const consent = screen.getByRole('checkbox')
    expect(consent.getAttribute('aria-checked')).toBe('false')
    expect(consent.textContent).toContain('不会自动扣款')
    fireEvent.click(screen.getByRole('button', { name: '开启提醒' }))
    await waitFor(() => expect(document.body.textContent).toContain('请先勾选同意接收充值提醒'))
    expect(added()).toHaveLength(0)
    fireEvent.click(consent)
    fireEvent.click(screen.getByRole('button', { name: '开启提醒' }))
    await waitFor(() => expect(added()).toHaveLength(1))
    expect(added()[0]).toMatchObject({
      userAccountId: phoneAccount.id,
      kind: 'monthlyDay',
      channel: 'sms',
      consent: true,
      consentText: reminderConsentText['zh-CN'].consent,
    })
    await waitFor(() => expect(Taro.redirectTo).toHaveBeenCalled())
  })

  it('one reminder per save: a double tap, and a tap while the list is opening, send one', async () => {
    let opened!: () => void
    jest
      .spyOn(Taro, 'redirectTo')
      .mockReturnValue(new Promise((resolve) => (opened = () => resolve({ errMsg: 'redirectTo:ok' }))))
    renderScreen(<ReminderForm account={phoneAccount} />)
    fireEvent.click(screen.getByRole('checkbox'))
    const saveButton = () => screen.getByRole('button', { name: /开启提醒|保存中/ })
    fireEvent.click(saveButton())
    fireEvent.click(saveButton())
    await waitFor(() => expect(Taro.redirectTo).toHaveBeenCalledTimes(1))
    // Saved, the list not yet shown (H5's redirectTo answers as the address changes): the form is still there.
    fireEvent.click(saveButton())
    opened()
    fireEvent.click(saveButton())
    await waitFor(() => expect(added()).toHaveLength(1))
    expect(Taro.redirectTo).toHaveBeenCalledTimes(1)
  })

  it('a refused save lets the user try again', async () => {
    const replies: Reply[] = [{ hangUp: true }]
    api.route(ADD, () => replies.shift() ?? ok(reminder))
    renderScreen(<ReminderForm account={phoneAccount} />)
    fireEvent.click(screen.getByRole('checkbox'))
    fireEvent.click(screen.getByRole('button', { name: '开启提醒' }))
    await waitFor(() => expect(added()).toHaveLength(1))
    await waitFor(() => expect(screen.getByRole('button', { name: '开启提醒' })).not.toBeNull())
    fireEvent.click(screen.getByRole('button', { name: '开启提醒' }))
    await waitFor(() => expect(Taro.redirectTo).toHaveBeenCalledTimes(1))
    expect(added()).toHaveLength(2)
  })

  it('a phone has only monthly reminders; electricity and gas may choose a balance threshold', () => {
    const { unmount } = renderScreen(<ReminderForm account={phoneAccount} />)
    expect(screen.queryByRole('radio')).toBeNull()
    unmount()
    renderScreen(<ReminderForm account={gasAccountSaved} />)
    fireEvent.click(screen.getByRole('radio', { name: '余额不足提醒' }))
    expect(document.body.textContent).toContain('余额低于（元）时提醒')
  })

  it('lists the next reminder time and cancels in one tap', async () => {
    let active = [reminder]
    api.route(LIST, () => ok(active))
    api.route(CANCEL, () => {
      active = []
      return ok(null)
    })
    renderScreen(<ReminderListView />)
    await waitFor(() => expect(document.body.textContent).toContain('下次提醒：12月15日 09:00'))
    expect(document.body.textContent).toContain('每月15日')
    fireEvent.click(screen.getByRole('button', { name: '取消提醒' }))
    await waitFor(() => expect(api.bodies(CANCEL)).toEqual([{ id: reminder.id }]))
    await waitFor(() => expect(document.body.textContent).toContain('还没有充值提醒'))
  })

  it('a back end without reminders (404): said plainly, no retry, no toast (issue 36)', async () => {
    api.route(LIST, () => ({ status: 404, text: '' }))
    useToastStore.setState({ toast: null })
    renderScreen(<ReminderListView />)
    await waitFor(() => expect(document.body.textContent).toContain('当前服务暂不提供充值提醒'))
    expect(screen.queryByRole('button', { name: /重新加载|Reload|去常用户号/ })).toBeNull()
    expect(useToastStore.getState().toast).toBeNull()
  })

  it.each<[string, Reply | null]>([
    ['offered', ok([])],
    ['absent (404)', { status: 404, json: { success: false, error: 'NOT_FOUND', msg: '请求地址出错' } }],
  ])('the saved accounts\' "remind me" when reminders are %s (issue 36)', async (name, reply) => {
    api.route(LIST, () => reply as Reply)
    api.answer('/api/LifePay/GetUserAccountAllList', [phoneAccount])
    useToastStore.setState({ toast: null })
    renderScreen(<AccountListView />)
    await waitFor(() => expect(document.querySelector('.lp-account-card')).not.toBeNull())
    await waitFor(() => expect(api.sent(LIST)).toHaveLength(1))
    await renderedQueriesSettled()
    const remindMe = screen.queryByRole('button', { name: '提醒我充值' })
    if (name === 'offered') expect(remindMe).not.toBeNull()
    else expect(remindMe).toBeNull()
    expect(useToastStore.getState().toast).toBeNull()
  })

  it('an error with retry', async () => {
    api.fail(LIST)
    renderScreen(<ReminderListView />)
    await waitFor(() => expect(screen.getByRole('button', { name: /重新加载|Reload/ })).toBeTruthy())
  })
})
