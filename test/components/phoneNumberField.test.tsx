import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import PhoneNumberField from '../../src/components/lifePayFields/PhoneNumberField'
import { detectCarrier } from '@domain/carrier'
import { useLocaleStore } from '../../src/i18n/i18n'

/** The field as a form uses it: the digits kept (shown in <output>) and the detected carrier beside the number. */
function Harness({ initial = '' }: { initial?: string }) {
  const [digits, setDigits] = useState(initial)
  return (
    <>
      <PhoneNumberField value={digits} carrier={detectCarrier(digits)} onChange={setDigits} />
      <output>{digits}</output>
    </>
  )
}

/** The native <input> the Taro Input draws on H5, once it has. */
async function nativeInput(): Promise<HTMLInputElement> {
  await waitFor(() => expect(document.querySelector('taro-input-core input')).not.toBeNull())
  const input = document.querySelector('taro-input-core input') as HTMLInputElement
  act(() => input.focus())
  return input
}

/**
 * What a browser does when the user types, deletes or pastes: the input's text changes, the caret sits after the
 * change, and an `input` event fires. `|` marks the caret in `textWithCaret`.
 */
function edit(input: HTMLInputElement, textWithCaret: string) {
  const caret = textWithCaret.indexOf('|')
  act(() => {
    input.value = textWithCaret.replace('|', '')
    input.setSelectionRange(caret, caret)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

/** The field as the user sees it, the caret as `|`. */
function seen(input: HTMLInputElement): string {
  const caret = input.selectionStart ?? input.value.length
  return `${input.value.slice(0, caret)}|${input.value.slice(caret)}`
}

const kept = () => document.querySelector('output')?.textContent
const carrierShown = () => document.querySelector('.lp-text-field__suffix')?.textContent ?? null

beforeEach(() => useLocaleStore.setState({ locale: 'en-US' }))

describe('phone number field (H5)', () => {
  it('groups the number 3-4-4 as it is typed and keeps the 11 plain digits', async () => {
    render(<Harness />)
    const input = await nativeInput()
    for (const text of ['1|', '13|', '130|', '1301|']) edit(input, text)
    expect(seen(input)).toBe('130 1|')
    for (const digit of '2345678') edit(input, `${input.value}${digit}|`)
    expect(seen(input)).toBe('130 1234 5678|')
    expect(kept()).toBe('13012345678')
  })

  it('shows the carrier beside the number as soon as it is known, in the user’s language', async () => {
    const { unmount } = render(<Harness />)
    const input = await nativeInput()
    edit(input, '130 1234 567|')
    expect(carrierShown()).toBeNull()
    edit(input, '130 1234 5678|')
    expect(carrierShown()).toBe('China Unicom')
    unmount()
    useLocaleStore.setState({ locale: 'zh-CN' })
    render(<Harness initial='13812345678' />)
    expect(carrierShown()).toBe('中国移动')
  })

  it('keeps the caret after the digit typed or deleted in the middle', async () => {
    render(<Harness initial='13012345678' />)
    const input = await nativeInput()
    expect(input.value).toBe('130 1234 5678')
    // Backspace on the 2 of "1234": the groups close up, the caret stays after the 1.
    edit(input, '130 1|34 5678')
    expect(seen(input)).toBe('130 1|345 678')
    expect(kept()).toBe('1301345678')
    // Type 9 there: it goes in, the rest moves on, the caret follows the 9.
    edit(input, '130 19|345 678')
    expect(seen(input)).toBe('130 19|34 5678')
    expect(kept()).toBe('13019345678')
    // The number is complete: another digit in the middle is refused, nothing else changes.
    edit(input, '130 197|34 5678')
    expect(seen(input)).toBe('130 19|34 5678')
    expect(kept()).toBe('13019345678')
  })

  it('backspace just after a space deletes the digit before it', async () => {
    render(<Harness initial='1301234' />)
    const input = await nativeInput()
    edit(input, '130|1234')
    expect(seen(input)).toBe('13|1 234')
    expect(kept()).toBe('131234')
  })

  it('a pasted "130-1234-5678" or "+86 130 1234 5678" gives the right 11 digits', async () => {
    render(<Harness />)
    const input = await nativeInput()
    edit(input, '130-1234-5678|')
    expect(seen(input)).toBe('130 1234 5678|')
    expect(kept()).toBe('13012345678')
    fireEvent.click(screen.getByRole('button', { name: 'Clear Phone number' }))
    expect(kept()).toBe('')
    edit(input, '+86 139 0000 1111|')
    expect(seen(input)).toBe('139 0000 1111|')
    expect(kept()).toBe('13900001111')
    expect(carrierShown()).toBe('China Mobile')
  })

  it('lets the browser hold a pasted number with its +86 and separators before reading it', async () => {
    render(<Harness />)
    const input = await nativeInput()
    // maxlength cuts a paste before any script sees it: it has to fit '+86 130-1234-5678' (17) and the 13 shown.
    expect(input.maxLength).toBeGreaterThanOrEqual('+86 130-1234-5678'.length)
  })
})
