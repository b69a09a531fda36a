import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { TopUpReminder } from '@contract/reminders'
import type { reminderMessages as ReminderMessages } from '../../src/subpackages/userAccount/reminderMessages'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { formatReminderTime, reminderConsentText, shanghaiDate } from '@domain/reminderSchedule'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import { importAppModule, lifePayApi } from '../e2e/session'
import { waitFor, type MiniHost } from './host/miniHost'
import { createHost, hostReport, label, storedLogin, TARGETS, testUser, type TestUser } from './support'

// Issue 20 § reminders in the WeChat and Alipay builds: from a saved account's editor to a monthly reminder. The save
// is refused while the consent is unticked; ticked, the host's subscribe prompt is asked inside the save tap; the list
// shows the next time, cancels with one tap; a refused prompt leaves a reminder that asks to subscribe again.

let r: (typeof ReminderMessages)['zh-CN']
let server: AppServer

before(async () => {
  // The catalogue loads Taro, which expects the build's compile-time flags.
  r = (await importAppModule(() => import('../../src/subpackages/userAccount/reminderMessages'))).reminderMessages[
    'zh-CN'
  ]
  server = await startAppServer()
})

after(async () => {
  await server?.stop()
})

const EDIT_PHONE = 'subpackages/userAccount/editPhoneUserAccount/editPhoneUserAccount'
const TOP_UP_REMINDER = 'subpackages/userAccount/topUpReminder/topUpReminder'
const REMINDER_LIST = 'subpackages/userAccount/reminderList/reminderList'
const CONSENT = reminderConsentText['zh-CN'].consent
const DAY = 15

const reminders = (user: TestUser) =>
  lifePayApi<TopUpReminder[]>(server, user.userId, 'POST', '/api/LifePay/GetTopUpReminderList', {})

const prompts = (host: MiniHost) => host.calls.filter((call) => call.api === 'requestSubscribeMessage')

/** The saved account's editor → "Remind me" → the reminder page, templates read (the prompt is asked in the tap). */
async function openReminderForm(host: MiniHost, accountId: string): Promise<void> {
  await host.launch({ path: EDIT_PHONE, query: { id: accountId } })
  await host.waitForText(r.remindMe)
  await host.tap(r.remindMe)
  await host.waitForRoute(TOP_UP_REMINDER)
  assert.equal(host.currentPage.options.accountId, accountId)
  await host.waitForText(r.save)
  await waitFor(`GetNotificationTemplates\n${hostReport(host)}`, () =>
    host.requests.some((q) => q.path === '/api/LifePay/GetNotificationTemplates' && q.status === 200),
  )
  // The day picker, as the host's picker answers: the index chosen.
  host.dispatch(host.chainOf(/^每月\d+日 09:00$/), 'change', { value: String(DAY - 1) })
  await host.waitForText(r.dayValue.replace('{day}', String(DAY)))
}

/** Ticks the consent, answers the prompt, saves: ends on the list, which shows the reminder. */
async function saveAnswering(host: MiniHost, answer: 'accept' | 'reject'): Promise<void> {
  await host.tap(CONSENT)
  host.subscribeAnswers.push(answer)
  await host.tap(r.save)
  await host.waitForRoute(REMINDER_LIST)
  await host.waitForText(/^下次提醒：/)
}

for (const target of TARGETS) {
  const n = TARGETS.indexOf(target)
  const channel = target.platform === 'weapp' ? 'wechat' : 'alipay'
  const idsKey = target.platform === 'weapp' ? 'tmplIds' : 'entityIds'

  describe(`top-up reminders in the ${label(target)} build`, () => {
    let user: TestUser
    let accountId: string

    before(async () => {
      user = await testUser(server, `1371000${n}001`)
      accountId = await lifePayApi<string>(server, user.userId, 'POST', '/api/LifePay/AddUpdateUserAccount', {
        lifePayType: LifePayOrderType.Phone,
        content: `1390001${n}001`,
        remark: '妈妈的手机',
      })
    })

    test('consent unticked: refused with the reason, no prompt, nothing saved; ticked and accepted: listed, then cancelled with one tap', async () => {
      const host = createHost(server, target, storedLogin(user))
      try {
        await openReminderForm(host, accountId)
        await host.tap(r.save)
        // The app's own toast (PageFrame draws it), shown for two seconds.
        await host.waitForText(r.consentNeeded)
        assert.equal(host.currentPage.route, TOP_UP_REMINDER)
        assert.deepEqual(prompts(host), [])
        assert.equal(
          host.requests.some((q) => q.path === '/api/LifePay/AddTopUpReminder'),
          false,
        )
        assert.deepEqual(await reminders(user), [])

        await saveAnswering(host, 'accept')
        // One prompt, inside the tap (outside it the host refuses: the reminder would then ask to subscribe again).
        assert.equal(prompts(host).length, 1, hostReport(host))
        assert.equal((prompts(host)[0].args[0] as Record<string, string[]>)[idsKey].length, 1)
        const [saved] = await reminders(user)
        assert.deepEqual(
          [saved.userAccountId, saved.kind, saved.dayOfMonth, saved.channel, saved.needsSubscription],
          [accountId, 'monthlyDay', DAY, channel, false],
        )
        assert.equal(shanghaiDate(new Date(saved.nextRunTime!)).day, DAY)
        const next = `下次提醒：${formatReminderTime(new Date(saved.nextRunTime!), 'zh-CN')}`
        await host.waitForText(next)
        await host.waitForText('妈妈的手机')
        assert.equal(host.text().includes(r.needsSubscription), false)

        await host.tap(r.cancel)
        await host.waitForText(r.listEmpty)
        assert.deepEqual(await reminders(user), [])
        assert.deepEqual(host.errors, [], hostReport(host))
      } finally {
        host.dispose()
      }
    })

    test('prompt refused: the reminder is kept and asks to subscribe again; one tap re-subscribes', async () => {
      const host = createHost(server, target, storedLogin(user))
      try {
        await openReminderForm(host, accountId)
        await saveAnswering(host, 'reject')
        await host.waitForText(r.needsSubscription)
        const [kept] = await reminders(user)
        assert.equal(kept.needsSubscription, true)

        host.subscribeAnswers.push('accept')
        await host.tap(r.resubscribe)
        assert.equal(prompts(host).length, 2, hostReport(host))
        await waitFor(`the reminder re-subscribed\n${hostReport(host)}`, async () => {
          const [again] = await reminders(user)
          return again.needsSubscription === false
        })
        await waitFor(`"${r.needsSubscription}" gone\n${hostReport(host)}`, () => !host.text().includes(r.resubscribe))
        await host.waitForText(/^下次提醒：/)
        assert.deepEqual(host.errors, [], hostReport(host))

        await host.tap(r.cancel)
        await host.waitForText(r.listEmpty)
        assert.deepEqual(await reminders(user), [])
      } finally {
        host.dispose()
      }
    })
  })
}
