import { queryOptions } from '@tanstack/react-query'
import type {
  QueryUserAccountListInput,
  QueryUserPageInput,
  SetUserChannelInput,
  UserAccountOutput,
  UserChannel,
  UserListOutput,
} from '@contract/operator'
import type { PageOutput } from '@contract/pageModel'
import { call } from './http'

/** POST /api/LifePay/GetUserPage */
export function getUserPage(input: QueryUserPageInput): Promise<PageOutput<UserListOutput>> {
  return call<PageOutput<UserListOutput>>('POST', '/api/LifePay/GetUserPage', input)
}

export const userPageQuery = (input: QueryUserPageInput) =>
  queryOptions({
    queryKey: ['users', 'page', input],
    queryFn: () => getUserPage(input),
    placeholderData: (previous) => previous,
  })

/** POST /api/LifePay/GetAccountPage: saved accounts, of one user or of all. */
export function getAccountPage(input: QueryUserAccountListInput): Promise<PageOutput<UserAccountOutput>> {
  return call<PageOutput<UserAccountOutput>>('POST', '/api/LifePay/GetAccountPage', input)
}

export const accountPageQuery = (input: QueryUserAccountListInput) =>
  queryOptions({
    queryKey: ['accounts', 'page', input],
    queryFn: () => getAccountPage(input),
    placeholderData: (previous) => previous,
  })

/** POST /api/operator/users/{userId}/channel: the channel whose rates price the user ('' the default). */
export function setUserChannel(userId: string, input: SetUserChannelInput): Promise<UserChannel> {
  return call<UserChannel>('POST', `/api/operator/users/${encodeURIComponent(userId)}/channel`, input)
}
