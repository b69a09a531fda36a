import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { PageResult } from '@contract/envelope'
import type { UserAccount } from '@contract/lifePay'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

let t: TestApp
let alice: Caller
let bob: Caller
before(async () => {
  t = await createTestApp()
  alice = { token: (await t.register('13400000001')).accessToken }
  bob = { token: (await t.register('13400000002')).accessToken }
})
after(() => t.close())

const save = (caller: Caller, account: Record<string, unknown>) =>
  t.post<string>('/api/LifePay/AddUpdateUserAccount', account, caller)
const all = (caller: Caller, lifePayOrderType?: number) =>
  t.data(
    t.post<UserAccount[]>('/api/LifePay/GetUserAccountAllList', lifePayOrderType ? { lifePayOrderType } : {}, caller),
  )

describe('saved accounts', () => {
  test('add one of each type; the carrier of a phone defaults to the detected one', async () => {
    const phoneId = await t.data(save(alice, { lifePayType: 10, content: '13912345678', remark: '妈妈' }))
    t.clock.advance(1000)
    await t.data(
      save(alice, {
        lifePayType: 20,
        content: '0300123456',
        electricType: 'nanwang',
        electricAccountType: 'house',
        province: '440000',
        city: '440300',
        name: '张三',
      }),
    )
    t.clock.advance(1000)
    await t.data(save(alice, { lifePayType: 30, content: 'GZ12345678', gasOrgType: 'gang_hua' }))
    const accounts = await all(alice)
    assert.deepEqual(
      accounts.map((a) => a.lifePayType),
      [30, 20, 10],
    )
    const phone = await t.data(t.get<UserAccount>(`/api/LifePay/GetUserAccountDetail?id=${phoneId}`, alice))
    assert.deepEqual(
      { ...phone, creationTime: undefined },
      {
        id: phoneId,
        lifePayType: 10,
        content: '13912345678',
        remark: '妈妈',
        ispCode: 'yidong',
        electricType: null,
        electricAccountType: null,
        gasOrgType: null,
        province: null,
        city: null,
        name: null,
        creationTime: undefined,
      },
    )
    assert.deepEqual(
      (await all(alice, 20)).map((a) => [a.province, a.city, a.name]),
      [['440000', '440300', '张三']],
    )
  })

  test('a gas account may keep its province and city (codes or names), checked against the region list', async () => {
    const carol = { token: (await t.register('13400000003')).accessToken }
    const id = await t.data(
      save(carol, { lifePayType: 30, content: 'SH20240001', gasOrgType: 'xin_ao', province: '上海市', city: '310100' }),
    )
    const saved = await t.data(t.get<UserAccount>(`/api/LifePay/GetUserAccountDetail?id=${id}`, carol))
    assert.deepEqual([saved.province, saved.city], ['310000', '310100'])
    // A city of another province, or a province without its city, is refused with the order's words.
    const elsewhere = await save(carol, {
      lifePayType: 30,
      content: 'SH20240002',
      gasOrgType: 'xin_ao',
      province: '310000',
      city: '440300',
    })
    assert.equal(elsewhere.body.error, 'REGION_UNKNOWN')
    const half = await save(carol, { lifePayType: 30, content: 'SH20240002', gasOrgType: 'xin_ao', province: '310000' })
    assert.match(half.body.msg ?? '', /请选择所在省份和城市$/)
  })

  test('the same account is saved once, with a clear message', async () => {
    const duplicate = await save(alice, { lifePayType: 10, content: '13912345678' })
    assert.deepEqual([duplicate.body.error, duplicate.body.msg], ['ACCOUNT_DUPLICATE', '该账户已添加，请勿重复添加'])
    // Another user, or another type, is another account.
    await t.data(save(bob, { lifePayType: 10, content: '13912345678' }))
  })

  test('update, including a change that would duplicate another account', async () => {
    const id = await t.data(save(alice, { lifePayType: 10, content: '13912340000', remark: 'old' }))
    assert.equal(
      await t.data(save(alice, { id, lifePayType: 10, content: '13912340001', remark: 'new', ispCode: 'dianxin' })),
      id,
    )
    const updated = await t.data(t.get<UserAccount>(`/api/LifePay/GetUserAccountDetail?id=${id}`, alice))
    assert.deepEqual([updated.content, updated.remark, updated.ispCode], ['13912340001', 'new', 'dianxin'])
    const clash = await save(alice, { id, lifePayType: 10, content: '13912345678' })
    assert.equal(clash.body.error, 'ACCOUNT_DUPLICATE')
  })

  test('validation with the shared rules', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ lifePayType: 10, content: '1391234' }, /^账户：请输入正确的手机号$/],
      [{ lifePayType: 20, content: '12ab', electricType: 'guowang' }, /^账户：/],
      [{ lifePayType: 20, content: '3100123456789' }, /^电网类型：此项为必填项$/],
      [
        { lifePayType: 20, content: '3100123456789', electricType: 'guowang', province: '440000', city: '440100' },
        /南方电网/,
      ],
      [{ lifePayType: 30, content: '88001234' }, /^燃气公司：此项为必填项$/],
      [{ lifePayType: 30, content: '88001234', gasOrgType: 'hua_run', remark: 'x'.repeat(51) }, /^备注：/],
      [{ lifePayType: 40, content: '88001234' }, /^类型：/],
    ]
    for (const [input, msg] of cases) {
      const answer = await save(alice, input)
      assert.equal(answer.body.success, false, JSON.stringify(input))
      assert.match(answer.body.msg ?? '', msg, JSON.stringify(input))
    }
  })

  test('paged list', async () => {
    const first = await t.data(
      t.post<PageResult<UserAccount>>('/api/LifePay/GetUserAccountList', { pageIndex: 1, pageSize: 2 }, alice),
    )
    const second = await t.data(
      t.post<PageResult<UserAccount>>('/api/LifePay/GetUserAccountList', { pageIndex: 2, pageSize: 2 }, alice),
    )
    assert.equal(first.totalCount, 4)
    assert.equal(first.items.length, 2)
    assert.equal(second.items.length, 2)
    assert.equal(new Set([...first.items, ...second.items].map((a) => a.id)).size, 4)
    const phones = await t.data(
      t.post<PageResult<UserAccount>>(
        '/api/LifePay/GetUserAccountList',
        { pageIndex: 1, pageSize: 10, lifePayOrderType: 10 },
        alice,
      ),
    )
    assert.equal(phones.totalCount, 2)
  })

  test('other users’ accounts answer not found; delete takes the id in the query', async () => {
    const [account] = await all(alice, 30)
    assert.equal(
      (await t.get(`/api/LifePay/GetUserAccountDetail?id=${account.id}`, bob)).body.error,
      'ACCOUNT_NOT_FOUND',
    )
    assert.equal(
      (await t.post(`/api/LifePay/DeleteUserAccount?id=${account.id}`, {}, bob)).body.error,
      'ACCOUNT_NOT_FOUND',
    )
    assert.equal(
      (await save(bob, { id: account.id, lifePayType: 30, content: 'BOB00001', gasOrgType: 'hua_run' })).body.error,
      'ACCOUNT_NOT_FOUND',
    )
    assert.equal(
      (await t.get('/api/LifePay/GetUserAccountDetail?id=not-a-uuid', alice)).body.error,
      'ACCOUNT_NOT_FOUND',
    )
    assert.equal((await t.get('/api/LifePay/GetUserAccountDetail', alice)).body.error, 'VALIDATION_FAILED')
    const deleted = await t.post(
      `/api/LifePay/DeleteUserAccount?id=${account.id}&channelId=818`,
      { channelId: '818' },
      alice,
    )
    assert.deepEqual([deleted.body.success, deleted.body.data], [true, 1], 'production answers a number')
    assert.equal(
      (await t.get(`/api/LifePay/GetUserAccountDetail?id=${account.id}`, alice)).body.error,
      'ACCOUNT_NOT_FOUND',
    )
    assert.equal(
      (await t.post(`/api/LifePay/DeleteUserAccount?id=${account.id}`, {}, alice)).body.error,
      'ACCOUNT_NOT_FOUND',
    )
  })

  test('the demo user starts with three saved accounts', async () => {
    const demo = { token: (await t.loginDemo()).accessToken }
    assert.deepEqual(
      (await all(demo)).map((a) => [a.lifePayType, a.remark]),
      [
        [10, '我的手机'],
        [20, '家里电费'],
        [30, '家里燃气'],
      ],
    )
  })

  test('needs a user', async () => {
    assert.equal((await t.post('/api/LifePay/GetUserAccountAllList', {})).status, 401)
  })
})
