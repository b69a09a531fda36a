import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { showToast, useToastStore } from '../../../src/components/toastStore'
import { useLocaleStore } from '../../../src/i18n/i18n'
import { setHttpUi } from '../../../src/services/http/httpUi'
import { useLifePayStore } from '../../../src/stores/lifePay'
import { useSessionStore } from '../../../src/stores/session'
import { currentPage } from '../../pages/support/taroPageHooks'

/** What app.tsx wires: the request layer shows the app's own toast. */
export function wireAppUi(): void {
  setHttpUi({ showToast, showLoading: () => undefined, hideLoading: () => undefined, redirectToLogin: () => undefined })
}

export interface Navigation {
  navigateTo: jest.SpyInstance
  redirectTo: jest.SpyInstance
  switchTab: jest.SpyInstance
  navigateBack: jest.SpyInstance
  stack: (routes: string[]) => void
}

/** Records where pages go; `stack` sets the page stack getCurrentPages reports (bottom first). */
export function spyNavigation(): Navigation {
  const resolved = () => Promise.resolve({ errMsg: 'ok' })
  let routes: string[] = []
  jest.spyOn(Taro, 'getCurrentPages').mockImplementation(() => routes.map((route) => ({ route })) as never)
  return {
    navigateTo: jest.spyOn(Taro, 'navigateTo').mockImplementation(resolved as never),
    redirectTo: jest.spyOn(Taro, 'redirectTo').mockImplementation(resolved as never),
    switchTab: jest.spyOn(Taro, 'switchTab').mockImplementation(resolved as never),
    navigateBack: jest.spyOn(Taro, 'navigateBack').mockImplementation(resolved as never),
    stack: (next) => {
      routes = next
    },
  }
}

/** Logged out, nothing stored, in the given language, on a page with the given query. */
export function freshApp(locale: 'zh-CN' | 'en-US', params: Record<string, string> = {}): void {
  localStorage.clear()
  act(() => {
    useSessionStore.getState().fullLogout()
    useLifePayStore.getState().logout()
    useLocaleStore.setState({ locale })
    useToastStore.setState({ toast: null })
  })
  currentPage.reset(params)
}

/** Types into the native input inside Taro's input element (drawn a moment after it), the way the keyboard does. */
export async function typeInto(placeholder: string, value: string): Promise<void> {
  const input = await waitFor(() => {
    const found = screen.getAllByPlaceholderText(placeholder).find((element) => element.tagName === 'INPUT')
    if (!found) throw new Error(`no input with placeholder ${placeholder}`)
    return found
  })
  fireEvent.input(input, { target: { value } })
}

export function tap(name: string | RegExp): void {
  fireEvent.click(screen.getByRole('button', { name }))
}

export function toastText(): string | undefined {
  return useToastStore.getState().toast?.text
}

export async function waitForToast(text: string): Promise<void> {
  await waitFor(() => expect(toastText()).toBe(text))
}

/** The messages shown under the fields, in page order. */
export function fieldErrors(): Record<string, string> {
  const errors: Record<string, string> = {}
  document.querySelectorAll('[data-field]').forEach((field) => {
    const message = field.querySelector('.lp-login-field__error')
    if (message) errors[field.getAttribute('data-field') ?? ''] = message.textContent ?? ''
  })
  return errors
}
