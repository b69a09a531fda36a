import { mutationOptions, queryOptions } from '@tanstack/react-query'
import type { LifePayOrderType } from '@domain/lifePayOrderType'
import type { Done, PageResult } from '@contract/envelope'
import type {
  AddUpdateUserAccountInput,
  GetUserAccountAllListInput,
  GetUserAccountListInput,
  UserAccount,
} from '@contract/lifePay'
import { request } from '../http/client'
import type { CallOptions } from '../http/requestOptions'
import { quietRead } from './quietRead'

// The user's saved accounts (phone numbers, electricity and gas accounts). Read fresh every time: the user edits them.

/**
 * The prefix of every saved-account query: a save or a delete refreshes the list, home, the top-up pages' pickers and
 * the account details at once.
 */
export const userAccountsKey = ['lifePay', 'userAccounts'] as const

/** POST /api/LifePay/GetUserAccountAllList */
export function getUserAccountAllList(
  input: GetUserAccountAllListInput = {},
  options: CallOptions = {},
): Promise<UserAccount[]> {
  return request<UserAccount[]>({ ...options, method: 'POST', url: '/api/LifePay/GetUserAccountAllList', data: input })
}

/** One utility's accounts (all when undefined). */
export const getUserAccountAllListQueryOptions = (type?: LifePayOrderType, call: CallOptions = {}) =>
  queryOptions({
    queryKey: [...userAccountsKey, 'all', type ?? 'any'],
    queryFn: () => getUserAccountAllList(type === undefined ? {} : { lifePayOrderType: type }, quietRead(call)),
  })

/** POST /api/LifePay/GetUserAccountList */
export function getUserAccountList(input: GetUserAccountListInput): Promise<PageResult<UserAccount>> {
  return request<PageResult<UserAccount>>({ method: 'POST', url: '/api/LifePay/GetUserAccountList', data: input })
}

export interface UserAccountIdInput {
  id: string
}

/** GET /api/LifePay/GetUserAccountDetail */
export function getUserAccountDetail(input: UserAccountIdInput, options: CallOptions = {}): Promise<UserAccount> {
  return request<UserAccount>({ ...options, method: 'GET', url: '/api/LifePay/GetUserAccountDetail', params: input })
}

export const getUserAccountDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...userAccountsKey, 'detail', id],
    queryFn: () => getUserAccountDetail({ id }, quietRead()),
  })

/** POST /api/LifePay/AddUpdateUserAccount — resolves with the account id. */
export function addUpdateUserAccount(input: AddUpdateUserAccountInput): Promise<string> {
  return request<string>({ method: 'POST', url: '/api/LifePay/AddUpdateUserAccount', data: input })
}

/** Done once every saved-account query shown has read the change. */
export const addUpdateUserAccountMutationOptions = mutationOptions({
  mutationFn: (input: AddUpdateUserAccountInput) => addUpdateUserAccount(input),
  onSuccess: (_id, _input, _onMutate, { client }) => client.invalidateQueries({ queryKey: userAccountsKey }),
})

/** POST /api/LifePay/DeleteUserAccount — the id travels in the query (SPEC §7). */
export function deleteUserAccount(input: UserAccountIdInput): Promise<Done> {
  return request<Done>({ method: 'POST', url: '/api/LifePay/DeleteUserAccount', params: input })
}

/** Done once every saved-account query shown has read the change. */
export const deleteUserAccountMutationOptions = mutationOptions({
  mutationFn: (input: UserAccountIdInput) => deleteUserAccount(input),
  onSuccess: (_data, _input, _onMutate, { client }) => client.invalidateQueries({ queryKey: userAccountsKey }),
})
