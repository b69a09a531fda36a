import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor, within, type RenderResult } from '@testing-library/react'
import type { ReactElement, ReactNode } from 'react'
import type { LifePayRate } from '@contract/lifePay'
import { LifePayRateType } from '@domain/rateType'
import { useLifePayStore } from '../../../src/stores/lifePay'
import type { FakeApi } from '../../support/fakeApi'
import type { Reply } from '../../support/testServer'

/** A fresh query cache per test (no retry, as the app's). */
export function renderWithQuery(ui: ReactElement): RenderResult & { queryClient: QueryClient } {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const wrap = (node: ReactNode) => <QueryClientProvider client={queryClient}>{node}</QueryClientProvider>
  const result = render(wrap(ui))
  return { ...result, rerender: (next: ReactNode) => result.rerender(wrap(next)), queryClient }
}

/** What a user typing into a Taro Input produces. */
export function typeInto(element: Element | null, value: string): void {
  const input = element?.closest('taro-input-core') ?? element
  if (!input) throw new Error('no input')
  act(() => {
    input.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))
  })
}

export function blur(element: Element | null): void {
  const input = element?.closest('taro-input-core') ?? element
  if (!input) throw new Error('no input')
  act(() => {
    input.dispatchEvent(new CustomEvent('blur', { detail: { value: '' }, bubbles: true }))
  })
}

export function logIn(phoneNumber = '13800138000'): void {
  useLifePayStore.setState({ userId: 'user-1', phoneNumber })
}

export function logOut(): void {
  useLifePayStore.setState({ userId: '', phoneNumber: '' })
}

export const rates: LifePayRate[] = [
  { rateType: LifePayRateType.DefaultPhone, rate: 98.5 },
  { rateType: LifePayRateType.DefaultElectric, rate: 99 },
  { rateType: LifePayRateType.DefaultGas, rate: 97.3 },
]

/** Waits until the phone form has its data: its face values shown with their prices (rates and face values in). */
export async function facesPriced(): Promise<void> {
  await waitFor(() =>
    expect(
      within(screen.getByRole('radiogroup', { name: 'Amount' }))
        .getAllByRole('radio')
        .every((face) => face.textContent?.includes('Price')),
    ).toBe(true),
  )
}

/**
 * Waits until the form takes taps again: its button reads "Top up now" and is not disabled, i.e. no order call is in
 * flight (the form stays locked from the tap until the pay page has opened or the call has failed). Passes at once when
 * no call was started: pair it with a wait for what the call leaves behind when the test needs the call to have run.
 */
export async function formUnlocked(): Promise<void> {
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Top up now' }).getAttribute('aria-disabled')).toBe('false'),
  )
}

/** The paths the top-up pages call, for the suites' fake API (test/support/fakeApi.ts). */
export const PATHS = {
  rate: '/api/LifePay/GetRate',
  phoneParValue: '/api/LifePay/GetPhoneParValue',
  electricParValue: '/api/LifePay/GetElectricParValue',
  gasParValue: '/api/LifePay/GetGasParValue',
  electricAreas: '/api/LifePay/GetElectricSupportArea',
  regions: '/api/Area/GetRegionalManagementList',
  userAccounts: '/api/LifePay/GetUserAccountAllList',
  carrierCheck: '/api/LifePay/CheckPhoneCarrier',
  accountCheck: '/api/LifePay/CheckLifePayAccount',
  createPhone: '/api/LifePay/CreateLifePayPhoneOrder',
  createElectric: '/api/LifePay/CreateLifePayElectricOrder',
  createGas: '/api/LifePay/CreateLifePayGasOrder',
} as const

/** A refusal as the API sends it (SPEC §8), with the `data` some codes carry (the duplicate guard's earlier order). */
export const refusalWith = (error: string, msg: string, data: unknown = null): Reply => ({
  json: { success: false, data, error, msg, showType: 1 },
})

/** A lookup the supplier cannot make now: the server's 503. */
export const unavailable: Reply = { status: 503, json: { success: false, data: null, error: null, msg: null } }

/**
 * Waits until the carrier lookup of a complete number has answered and the form knows it: its "checking" note is
 * gone (until then the form refuses to order, "still checking"). Not the request alone: react-query hands the answer
 * to the form in a later task.
 */
export async function carrierLookupAnswered(api: FakeApi): Promise<void> {
  await waitFor(() => expect(api.sent(PATHS.carrierCheck).length).toBeGreaterThan(0))
  await waitFor(() => expect(screen.queryByText(/^(Checking the carrier…|正在查询运营商…)$/)).toBeNull())
}

/** A promise the test resolves or rejects when it chooses. */
export function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}
