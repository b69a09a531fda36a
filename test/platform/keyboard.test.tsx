import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import type { PhoneParValue } from '@contract/lifePay'
import OptionChips from '../../src/components/lifePayFields/OptionChips'
import { CarrierCode } from '@domain/carrier'
import { maskPhone } from '@domain/mask'
import { useLocaleStore } from '../../src/i18n/i18n'
import { installKeyboardAccess } from '../../src/platform/keyboard.h5'
import LoginLinks from '../../src/subpackages/login/components/LoginLinks'
import LoginTabs from '../../src/subpackages/login/components/LoginTabs'
import PolicyConsent from '../../src/subpackages/login/components/PolicyConsent'
import RechargeForm from '../../src/subpackages/recharge/components/RechargeForm'
import { phoneRecharge } from '../../src/subpackages/recharge/kinds/phoneRecharge'
import { useRechargeDraftStore } from '../../src/subpackages/recharge/hooks/rechargeDraftStore'
import {
  carrierLookupAnswered,
  facesPriced,
  logIn,
  logOut,
  PATHS,
  rates,
  renderWithQuery,
  unavailable,
} from '../subpackages/recharge/support'
import { withFakeApi } from '../support/fakeApi'

/**
 * The browser's sequential focus order: native fields and tabindex ≥ 0, in document order (no positive tabindex here).
 */
function tabOrder(container: HTMLElement): string[] {
  return Array.from(container.querySelectorAll<HTMLElement>('input, textarea, button, a[href], [tabindex]'))
    .filter((element) => element.tabIndex >= 0 && !(element as HTMLInputElement).disabled)
    .map(
      (element) =>
        `${element.getAttribute('role') ?? element.tagName.toLowerCase()}: ${element.getAttribute('aria-label') ?? element.textContent}`,
    )
}

const key = (element: Element, name: string) => act(() => void fireEvent.keyDown(element, { key: name }))

let uninstall: () => void
beforeEach(() => {
  useLocaleStore.setState({ locale: 'en-US' })
  uninstall = installKeyboardAccess(document)
})
afterEach(() => {
  uninstall()
  jest.restoreAllMocks()
})

describe('the phone top-up form with a keyboard (H5)', () => {
  const parValues: PhoneParValue[] = [
    { ispCode: CarrierCode.Yidong, ispName: '中国移动', parValue: [10, 30, 50] },
    { ispCode: CarrierCode.Liantong, ispName: '中国联通', parValue: [20, 50] },
    { ispCode: CarrierCode.Dianxin, ispName: '中国电信', parValue: [50, 100] },
  ]
  const api = withFakeApi()
  beforeEach(() => {
    useRechargeDraftStore.setState({ phone: undefined })
    logIn('13800138000')
    api.answer(PATHS.rate, rates)
    api.answer(PATHS.phoneParValue, parValues)
    api.answer(PATHS.userAccounts, [])
    // The carrier lookup cannot say: the prefix guess stands.
    api.route(PATHS.carrierCheck, () => unavailable)
    api.answer(PATHS.createPhone, { orderNo: 'LP1', payAmount: 29.55, parValue: 30, discountAmount: 0.45 })
    jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
  })
  afterEach(logOut)

  it('Tab reaches each control once, and each radio group once (at its chosen option, else its first)', async () => {
    const { container } = renderWithQuery(<RechargeForm kind={phoneRecharge} />)
    await waitFor(() =>
      expect(tabOrder(container)).toEqual([
        'button: Change',
        `button: My number${maskPhone('13800138000')}`,
        'radio: China MobileDetected',
        'radio: ¥10Price ¥9.85Save ¥0.15',
        'button: Top up now',
      ]),
    )
  })

  it('arrows move through the face values and choose them; Enter places the order', async () => {
    renderWithQuery(<RechargeForm kind={phoneRecharge} />)
    await facesPriced()
    // The form orders once the carrier lookup has answered.
    await carrierLookupAnswered(api)
    const faces = () => within(screen.getByRole('radiogroup', { name: 'Amount' })).getAllByRole('radio')
    act(() => faces()[0].focus())
    key(faces()[0], 'ArrowRight')
    expect(document.activeElement).toBe(faces()[1])
    expect(faces().map((face) => face.getAttribute('aria-checked'))).toEqual(['false', 'true', 'false'])
    expect(faces().map((face) => face.tabIndex)).toEqual([-1, 0, -1])
    key(faces()[1], 'ArrowDown')
    key(faces()[2], 'ArrowDown')
    expect(document.activeElement).toBe(faces()[0])
    key(faces()[0], 'ArrowUp')
    expect(document.activeElement).toBe(faces()[2])
    expect(faces()[2].getAttribute('aria-checked')).toBe('true')

    key(screen.getByRole('button', { name: 'Top up now' }), 'Enter')
    await waitFor(() =>
      expect(api.bodies(PATHS.createPhone)).toEqual([
        expect.objectContaining({ phone: '13800138000', ispCode: CarrierCode.Yidong, parValue: 50 }),
      ]),
    )
  })
})

describe('keys on single controls', () => {
  it('arrows skip a disabled option, and Home/End go to the ends', () => {
    function Carriers() {
      const [value, setValue] = useState<string>()
      const options = [
        { value: 'a', label: 'A' },
        { value: 'b', label: 'B', disabled: true },
        { value: 'c', label: 'C' },
        { value: 'd', label: 'D' },
      ]
      return <OptionChips options={options} value={value} onChange={setValue} label='Carrier' />
    }
    render(<Carriers />)
    const [a, b, c, d] = screen.getAllByRole('radio')
    expect([a, b, c, d].map((radio) => radio.tabIndex)).toEqual([0, -1, -1, -1])
    key(a, 'ArrowRight')
    expect(document.activeElement).toBe(c)
    expect(c.getAttribute('aria-checked')).toBe('true')
    key(c, 'End')
    expect(d.getAttribute('aria-checked')).toBe('true')
    key(d, 'Home')
    expect(document.activeElement).toBe(a)
    expect(a.getAttribute('aria-checked')).toBe('true')
    expect(b.getAttribute('aria-checked')).toBe('false')
  })

  it('tabs answer left/right (not up/down) and show the panel they reach', () => {
    function Modes() {
      const [active, setActive] = useState<'code' | 'password'>('code')
      return (
        <LoginTabs
          tabs={[
            { key: 'code', title: 'Code' },
            { key: 'password', title: 'Password' },
          ]}
          active={active}
          onChange={setActive}
        />
      )
    }
    render(<Modes />)
    const [code, password] = screen.getAllByRole('tab')
    expect([code.tabIndex, password.tabIndex]).toEqual([0, -1])
    key(code, 'ArrowDown')
    expect(code.getAttribute('aria-selected')).toBe('true')
    key(code, 'ArrowRight')
    expect(document.activeElement).toBe(password)
    expect(password.getAttribute('aria-selected')).toBe('true')
    expect([code.tabIndex, password.tabIndex]).toEqual([-1, 0])
    key(password, 'ArrowRight')
    expect(code.getAttribute('aria-selected')).toBe('true')
  })

  it('Space and Enter toggle a checkbox; a link follows Enter only; modified keys do nothing', () => {
    const onChange = jest.fn()
    render(<PolicyConsent checked={false} onChange={onChange} />)
    const consent = screen.getByRole('checkbox')
    expect(consent.tabIndex).toBe(0)
    key(consent, ' ')
    key(consent, 'Enter')
    act(() => void fireEvent.keyDown(consent, { key: 'Enter', ctrlKey: true }))
    expect(onChange).toHaveBeenCalledTimes(2)

    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
    render(<LoginLinks links={[{ text: 'Register', url: '/register' }]} />)
    const link = screen.getAllByRole('link')[0]
    expect(link.tabIndex).toBe(0)
    key(link, ' ')
    expect(navigateTo).not.toHaveBeenCalled()
    key(link, 'Enter')
    expect(navigateTo).toHaveBeenCalledTimes(1)
  })

  it('leaves keys alone once uninstalled (and on elements without a control role)', () => {
    const onChange = jest.fn()
    render(<PolicyConsent checked={false} onChange={onChange} />)
    key(screen.getByText(/I have read|agree/i, { selector: '.lp-consent__text' }), 'Enter')
    uninstall()
    key(screen.getByRole('checkbox'), 'Enter')
    expect(onChange).not.toHaveBeenCalled()
    uninstall = installKeyboardAccess(document)
  })
})
