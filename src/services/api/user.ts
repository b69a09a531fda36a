import type { UserInfo } from '@contract/account'
import { request } from '../http/client'

/** GET /api/User/GetUserInfo */
export function getUserInfo(): Promise<UserInfo> {
  return request<UserInfo>({ method: 'GET', url: '/api/User/GetUserInfo' })
}
