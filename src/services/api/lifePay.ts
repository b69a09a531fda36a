import type { CallOptions } from '../http/requestOptions'
import type { PageResult } from '@contract/envelope'
import type {
  AddUpdateUserAccountInput,
  CheckLifePayAccountInput,
  CheckPhoneCarrierInput,
  CreateElectricOrderInput,
  CreateGasOrderInput,
  CreateLifePayOrderResult,
  CreatePhoneOrderInput,
  ElectricParValue,
  ElectricSupportArea,
  GasParValue,
  GetPayOrderForJsApiInput,
  GetPayStatusByOrderNoInput,
  GetUserAccountAllListInput,
  GetUserAccountListInput,
  GetUserLifePayOrderPageInput,
  LifePayAccountCheck,
  LifePayOrderDetail,
  LifePayOrderListItem,
  LifePayOrderState,
  LifePayRate,
  PayOrderForJsApi,
  PhoneCarrierCheck,
  PhoneParValue,
  RefundUserLifePayOrderInput,
  SetLifePayOrderPayTypeInput,
  UserAccount,
} from '@contract/lifePay'
import { request, requestUnfiltered } from '../http/client'

// Order creation is sent once: nothing in the client retries it, and its idempotency key (newIdempotencyKey) lets the
// caller resend the same order after a timeout without paying twice.

/** GET /api/LifePay/GetRate */
export function getRate(options: CallOptions = {}): Promise<LifePayRate[]> {
  return request<LifePayRate[]>({ ...options, method: 'GET', url: '/api/LifePay/GetRate' })
}

/** POST /api/LifePay/GetElectricSupportArea */
export function getElectricSupportArea(options: CallOptions = {}): Promise<ElectricSupportArea[]> {
  return request<ElectricSupportArea[]>({ ...options, method: 'POST', url: '/api/LifePay/GetElectricSupportArea' })
}

/** POST /api/LifePay/GetElectricParValue */
export function getElectricParValue(options: CallOptions = {}): Promise<ElectricParValue[]> {
  return request<ElectricParValue[]>({ ...options, method: 'POST', url: '/api/LifePay/GetElectricParValue' })
}

/** POST /api/LifePay/GetPhoneParValue */
export function getPhoneParValue(options: CallOptions = {}): Promise<PhoneParValue[]> {
  return request<PhoneParValue[]>({ ...options, method: 'POST', url: '/api/LifePay/GetPhoneParValue' })
}

/** POST /api/LifePay/GetGasParValue */
export function getGasParValue(options: CallOptions = {}): Promise<GasParValue[]> {
  return request<GasParValue[]>({ ...options, method: 'POST', url: '/api/LifePay/GetGasParValue' })
}

// The create calls take the caller's error options: the recharge submit answers the duplicate guard's refusals
// (DUPLICATE_ORDER, OPEN_ORDER_LIMIT) with its own dialog instead of the toast.

/** POST /api/LifePay/CreateLifePayPhoneOrder */
export function createLifePayPhoneOrder(
  input: CreatePhoneOrderInput,
  options: CallOptions = {},
): Promise<CreateLifePayOrderResult> {
  return request<CreateLifePayOrderResult>({
    ...options,
    method: 'POST',
    url: '/api/LifePay/CreateLifePayPhoneOrder',
    data: input,
  })
}

/** POST /api/LifePay/CreateLifePayElectricOrder */
export function createLifePayElectricOrder(
  input: CreateElectricOrderInput,
  options: CallOptions = {},
): Promise<CreateLifePayOrderResult> {
  return request<CreateLifePayOrderResult>({
    ...options,
    method: 'POST',
    url: '/api/LifePay/CreateLifePayElectricOrder',
    data: input,
  })
}

/** POST /api/LifePay/CreateLifePayGasOrder */
export function createLifePayGasOrder(
  input: CreateGasOrderInput,
  options: CallOptions = {},
): Promise<CreateLifePayOrderResult> {
  return request<CreateLifePayOrderResult>({
    ...options,
    method: 'POST',
    url: '/api/LifePay/CreateLifePayGasOrder',
    data: input,
  })
}

/** POST /api/LifePay/GetPayStatusByOrderNo */
export function getPayStatusByOrderNo(
  input: GetPayStatusByOrderNoInput,
  options: CallOptions = {},
): Promise<LifePayOrderState> {
  return request<LifePayOrderState>({
    method: 'POST',
    url: '/api/LifePay/GetPayStatusByOrderNo',
    data: input,
    ...options,
  })
}

/** POST /api/LifePay/SetLifePayOrderPayType */
export function setLifePayOrderPayType(input: SetLifePayOrderPayTypeInput): Promise<void> {
  return request<void>({ method: 'POST', url: '/api/LifePay/SetLifePayOrderPayType', data: input })
}

/** POST /api/LifePay/GetUserLifePayOrderPage */
export function getUserLifePayOrderPage(
  input: GetUserLifePayOrderPageInput,
  options: CallOptions = {},
): Promise<PageResult<LifePayOrderListItem>> {
  return request<PageResult<LifePayOrderListItem>>({
    ...options,
    method: 'POST',
    url: '/api/LifePay/GetUserLifePayOrderPage',
    data: input,
  })
}

/** POST /api/LifePay/GetPayOrderForJsAPI — unfiltered: a mask inside the signed payment parameters would break them. */
export function getPayOrderForJsAPI(input: GetPayOrderForJsApiInput): Promise<PayOrderForJsApi> {
  return requestUnfiltered<PayOrderForJsApi>({ method: 'POST', url: '/api/LifePay/GetPayOrderForJsAPI', data: input })
}

/** POST /api/LifePay/GetUserAccountAllList */
export function getUserAccountAllList(
  input: GetUserAccountAllListInput = {},
  options: CallOptions = {},
): Promise<UserAccount[]> {
  return request<UserAccount[]>({ ...options, method: 'POST', url: '/api/LifePay/GetUserAccountAllList', data: input })
}

/** POST /api/LifePay/GetUserAccountList */
export function getUserAccountList(input: GetUserAccountListInput): Promise<PageResult<UserAccount>> {
  return request<PageResult<UserAccount>>({ method: 'POST', url: '/api/LifePay/GetUserAccountList', data: input })
}

/** POST /api/LifePay/AddUpdateUserAccount — resolves with the account id. */
export function addUpdateUserAccount(input: AddUpdateUserAccountInput): Promise<string> {
  return request<string>({ method: 'POST', url: '/api/LifePay/AddUpdateUserAccount', data: input })
}

/** POST /api/LifePay/RefundUserLifePayOrder */
export function refundUserLifePayOrder(input: RefundUserLifePayOrderInput): Promise<void> {
  return request<void>({ method: 'POST', url: '/api/LifePay/RefundUserLifePayOrder', data: input })
}

export interface UserAccountIdInput {
  id: string
}

/** POST /api/LifePay/DeleteUserAccount — the id travels in the query (SPEC §7). */
export function deleteUserAccount(input: UserAccountIdInput): Promise<void> {
  return request<void>({ method: 'POST', url: '/api/LifePay/DeleteUserAccount', params: input })
}

/** GET /api/LifePay/GetUserAccountDetail */
export function getUserAccountDetail(input: UserAccountIdInput, options: CallOptions = {}): Promise<UserAccount> {
  return request<UserAccount>({ ...options, method: 'GET', url: '/api/LifePay/GetUserAccountDetail', params: input })
}

export interface OrderNoInput {
  orderNo: string
}

/** GET /api/LifePay/GetUserLifePayOrderDetail */
export function getUserLifePayOrderDetail(input: OrderNoInput, options: CallOptions = {}): Promise<LifePayOrderDetail> {
  return request<LifePayOrderDetail>({
    ...options,
    method: 'GET',
    url: '/api/LifePay/GetUserLifePayOrderDetail',
    params: input,
  })
}

// Issue 20 — the checks before paying.

/** POST /api/LifePay/CheckLifePayAccount — LIFE_PAY_ACCOUNT_NOT_FOUND when the supplier has no such account. */
export function checkLifePayAccount(
  input: CheckLifePayAccountInput,
  options: CallOptions = {},
): Promise<LifePayAccountCheck> {
  return request<LifePayAccountCheck>({
    ...options,
    method: 'POST',
    url: '/api/LifePay/CheckLifePayAccount',
    data: input,
  })
}

/** POST /api/LifePay/CheckPhoneCarrier */
export function checkPhoneCarrier(
  input: CheckPhoneCarrierInput,
  options: CallOptions = {},
): Promise<PhoneCarrierCheck> {
  return request<PhoneCarrierCheck>({ ...options, method: 'POST', url: '/api/LifePay/CheckPhoneCarrier', data: input })
}
