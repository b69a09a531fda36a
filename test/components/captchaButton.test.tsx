import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import CaptchaButton from '../../src/components/CaptchaButton'
import { useToastStore } from '../../src/components/toastStore'
import { VerificationCodeBusinessType } from '@domain/verificationCodePurpose'
import { useLocaleStore } from '../../src/i18n/i18n'
import * as accountApi from '../../src/services/api/account'

/** A phone field with the captcha button beside it, as the login and register forms use it. */
function PhoneWithCaptcha({ phone, onSendFailed }: { phone: string; onSendFailed?: (error: Error) => void }) {
  const [fieldError, setFieldError] = useState('')
  return (
    <div>
      <CaptchaButton
        phoneNumber={phone}
        businessType={VerificationCodeBusinessType.LifePayPhoneCodeLogin}
        validatePhone={() => {
          const valid = /^1[3-9]\d{9}$/.test(phone)
          setFieldError(valid ? '' : 'Please enter a valid mobile phone number')
          return valid
        }}
        onSendFailed={onSendFailed}
      />
      <span data-testid='field-error'>{fieldError}</span>
    </div>
  )
}

const button = () => screen.getByRole('button')

describe('captcha button (SPEC §4)', () => {
  let send: jest.SpyInstance
  beforeEach(() => {
    jest.useFakeTimers()
    useLocaleStore.setState({ locale: 'en-US' })
    send = jest.spyOn(accountApi, 'sendPhoneMessageCode')
  })
  afterEach(() => {
    jest.useRealTimers()
    send.mockRestore()
  })

  it('is idle, loads while sending, then counts down 60 s one second at a time back to idle', async () => {
    let answer!: () => void
    send.mockImplementation(() => new Promise((resolve) => (answer = () => resolve({ resendAfter: 60 }))))
    render(<PhoneWithCaptcha phone='13812345678' />)
    expect(button().textContent).toBe('Get verification code')

    fireEvent.click(button())
    expect(button().textContent).toBe('Sending…')
    expect(button().getAttribute('aria-busy')).toBe('true')
    // The call's module loads at the first tap (import()): the request follows once it has.
    await waitFor(() => expect(send).toHaveBeenCalledWith({ phoneNumber: '13812345678', businessType: 80 }))

    await act(async () => answer())
    expect(button().textContent).toBe('60 seconds to resend')
    expect(useToastStore.getState().toast?.text).toBe('Verification code sent')
    act(() => jest.advanceTimersByTime(999))
    expect(button().textContent).toBe('60 seconds to resend')
    act(() => jest.advanceTimersByTime(1))
    expect(button().textContent).toBe('59 seconds to resend')
    act(() => jest.advanceTimersByTime(58_000))
    expect(button().textContent).toBe('1 seconds to resend')
    act(() => jest.advanceTimersByTime(1000))
    expect(button().textContent).toBe('Get verification code')
  })

  it('ignores taps while sending or counting down: one code per 60 s', async () => {
    send.mockResolvedValue({ resendAfter: 60 })
    render(<PhoneWithCaptcha phone='13812345678' />)
    fireEvent.click(button())
    fireEvent.click(button())
    await act(async () => undefined)
    fireEvent.click(button())
    act(() => jest.advanceTimersByTime(30_000))
    fireEvent.click(button())
    expect(send).toHaveBeenCalledTimes(1)
    act(() => jest.advanceTimersByTime(30_000))
    fireEvent.click(button())
    await act(async () => undefined)
    expect(send).toHaveBeenCalledTimes(2)
  })

  it('fails with "send failed" when the phone field does not validate, and the field says why', async () => {
    const onSendFailed = jest.fn()
    render(<PhoneWithCaptcha phone='1381234' onSendFailed={onSendFailed} />)
    fireEvent.click(button())
    await act(async () => undefined)
    expect(send).not.toHaveBeenCalled()
    expect(onSendFailed).toHaveBeenCalledWith(new Error('send failed'))
    expect(screen.getByTestId('field-error').textContent).toBe('Please enter a valid mobile phone number')
    expect(button().textContent).toBe('Get verification code')
  })

  it('stops when sending fails: no countdown, ready to try again', async () => {
    const refused = new Error('too many requests')
    send.mockRejectedValueOnce(refused).mockResolvedValueOnce({ resendAfter: 60 })
    const onSendFailed = jest.fn()
    render(<PhoneWithCaptcha phone='13812345678' onSendFailed={onSendFailed} />)
    fireEvent.click(button())
    await act(async () => undefined)
    expect(onSendFailed).toHaveBeenCalledWith(refused)
    expect(button().textContent).toBe('Get verification code')
    act(() => jest.advanceTimersByTime(5000))
    expect(button().textContent).toBe('Get verification code')
    fireEvent.click(button())
    await act(async () => undefined)
    expect(button().textContent).toBe('60 seconds to resend')
  })

  it('speaks Chinese by default', async () => {
    useLocaleStore.setState({ locale: 'zh-CN' })
    send.mockResolvedValue({ resendAfter: 60 })
    render(<PhoneWithCaptcha phone='13812345678' />)
    expect(button().textContent).toBe('获取验证码')
    fireEvent.click(button())
    await act(async () => undefined)
    expect(button().textContent).toBe('60秒后重新获取')
  })

  it('counts down for the number the code went to: another number may have a code at once (issue 17, item 11)', async () => {
    send.mockResolvedValue({ resendAfter: 60 })
    const { rerender } = render(<PhoneWithCaptcha phone='13812345678' />)
    fireEvent.click(button())
    await act(async () => undefined)
    act(() => jest.advanceTimersByTime(11_000))
    expect(button().textContent).toBe('49 seconds to resend')
    rerender(<PhoneWithCaptcha phone='13987654321' />)
    expect(button().textContent).toBe('Get verification code')
    fireEvent.click(button())
    await act(async () => undefined)
    expect(send).toHaveBeenLastCalledWith({ phoneNumber: '13987654321', businessType: 80 })
    expect(button().textContent).toBe('60 seconds to resend')
    // Back to the first number: its own countdown, still running.
    rerender(<PhoneWithCaptcha phone='13812345678' />)
    expect(button().textContent).toBe('49 seconds to resend')
  })

  it('keeps the real time when timers were held back (a mini-program in the background)', async () => {
    send.mockResolvedValue({ resendAfter: 60 })
    render(<PhoneWithCaptcha phone='13812345678' />)
    fireEvent.click(button())
    await act(async () => undefined)
    // 20 s pass on the clock while no timer fires, then one tick shows the true remainder.
    jest.setSystemTime(Date.now() + 20_000)
    act(() => jest.advanceTimersByTime(1000))
    expect(button().textContent).toBe('39 seconds to resend')
  })
})
