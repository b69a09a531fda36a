import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render } from '@testing-library/react'
import { useState } from 'react'
import PhoneNumberField from '../../src/components/lifePayFields/PhoneNumberField'
import TextField from '../../src/components/lifePayFields/TextField'
import { useLocaleStore } from '../../src/i18n/i18n'
import FormField from '../../src/subpackages/login/components/FormField'
import RefundForm from '../../src/subpackages/order/components/RefundForm'
import type { useApplyRefund } from '../../src/subpackages/order/hooks/useApplyRefund'
import { orderDetail } from '../subpackages/order/support/orders'

// Issue 17, item 13: on H5 Taro's Input and Textarea (Stencil custom elements) threw "TypeError: Cannot read
// properties of undefined (reading 'value')" into the console when their value changed after they were attached
// but before they had drawn their native field, and focusing on a later `focus` change called flushSync inside
// React's commit. Stencil and React both report through console.error.

let consoleError: jest.SpyInstance
/** The elements draw in an animation frame: held here, so a test decides what happens before the first one. */
let frames: FrameRequestCallback[]

beforeEach(() => {
  useLocaleStore.setState({ locale: 'zh-CN' })
  consoleError = jest.spyOn(console, 'error')
  frames = []
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    frames.push(callback)
    return frames.length
  })
})

afterEach(async () => {
  // Stencil schedules one frame at a time for all its elements: a frame left held would stop the next test's.
  await drawFrames()
  jest.restoreAllMocks()
})

/** Lets the elements arm their value watcher (a microtask after they are attached), as a page does before its data. */
async function watchersArmed() {
  await act(async () => {
    await Promise.resolve()
  })
}

/** Runs the held frames: the elements draw their native fields. */
async function drawFrames() {
  await act(async () => {
    while (frames.length > 0) frames.splice(0).forEach((frame) => frame(performance.now()))
    await Promise.resolve()
  })
}

function expectQuietConsole() {
  const logged = consoleError.mock.calls.map((args) => args.map(String).join(' ')).join('\n')
  expect(logged).not.toMatch(/TypeError|flushSync/)
}

function typeInto(host: Element, value: string) {
  act(() => {
    host.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))
  })
}

const nativeOf = (host: Element) => host.querySelector('input, textarea') as HTMLInputElement | HTMLTextAreaElement

function Phone({ autoFocus }: { autoFocus?: boolean }) {
  const [digits, setDigits] = useState('')
  return <PhoneNumberField value={digits} onChange={setDigits} autoFocus={autoFocus} />
}

describe('Taro fields log nothing to the console', () => {
  it('a phone number typed before the input has drawn its native field, shown once it has', async () => {
    const { container } = render(<Phone />)
    const host = container.querySelector('taro-input-core')!
    await watchersArmed()
    expect(nativeOf(host)).toBeNull()
    typeInto(host, '13012345678')
    expectQuietConsole()
    await drawFrames()
    expect(nativeOf(host).value).toBe('130 1234 5678')
    typeInto(host, '1301234567')
    expect(nativeOf(host).value).toBe('130 1234 567')
    expectQuietConsole()
  })

  it('a value the form sets before the field is drawn (a prefill)', async () => {
    function Prefilled() {
      const [value, setValue] = useState('')
      return (
        <>
          <TextField value={value} onChange={setValue} label='Remark' />
          <button type='button' onClick={() => setValue('爸妈')}>
            fill
          </button>
        </>
      )
    }
    const { container, getByText } = render(<Prefilled />)
    await watchersArmed()
    act(() => getByText('fill').click())
    expectQuietConsole()
    await drawFrames()
    expect(nativeOf(container.querySelector('taro-input-core')!).value).toBe('爸妈')
    expectQuietConsole()
  })

  it('the login form field', async () => {
    function Login() {
      const [value, setValue] = useState('')
      return <FormField name='loginName' label='Phone' placeholder='' value={value} onInput={setValue} />
    }
    const { container } = render(<Login />)
    const host = container.querySelector('taro-input-core')!
    await watchersArmed()
    typeInto(host, '138')
    expectQuietConsole()
    await drawFrames()
    expect(nativeOf(host).value).toBe('138')
    expectQuietConsole()
  })

  it('the refund note (a Textarea)', async () => {
    const refund = { begin: () => true, release: () => {}, submit: async () => {}, busy: false, sending: false }
    // The form asks the host's subscribe prompt for the review's outcome (issue 20): its templates are a query.
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <RefundForm
          order={orderDetail({ canApplyRefund: true })}
          refund={refund as unknown as ReturnType<typeof useApplyRefund>}
        />
      </QueryClientProvider>,
    )
    const host = container.querySelector('taro-textarea-core')!
    await watchersArmed()
    typeInto(host, '多充了一次')
    expectQuietConsole()
    await drawFrames()
    expect(nativeOf(host).value).toBe('多充了一次')
    typeInto(host, '多充了一次，请退款')
    expect(nativeOf(host).value).toBe('多充了一次，请退款')
    expectQuietConsole()
  })

  it('a field asked to focus only after it appeared does not focus itself inside React’s commit', async () => {
    const { container, rerender } = render(<Phone autoFocus={false} />)
    const host = container.querySelector('taro-input-core')!
    await watchersArmed()
    await drawFrames()
    rerender(<Phone autoFocus />)
    typeInto(host, '1')
    expectQuietConsole()
  })
})
