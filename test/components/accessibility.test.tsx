// What assistive technology finds on the shared pieces: names, roles and states as a screen reader reads them.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import FaceValueGrid from '../../src/components/lifePayFields/FaceValueGrid'
import OptionChips from '../../src/components/lifePayFields/OptionChips'
import TextField from '../../src/components/lifePayFields/TextField'
import LifePayOrderTypeIcon from '../../src/components/LifePayOrderTypeIcon'
import LifePayOrderTypeTabs from '../../src/components/LifePayOrderTypeTabs'
import PageState from '../../src/components/PageState'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { useLocaleStore } from '../../src/i18n/i18n'
import MenuItem from '../../src/pages/mine/MenuItem'
import MineHeader from '../../src/pages/mine/MineHeader'
import UtilityGrid from '../../src/pages/home/UtilityGrid'
import LoginHeader from '../../src/subpackages/login/components/LoginHeader'
import SavedAccountChips, { type SavedAccountChip } from '../../src/subpackages/recharge/components/SavedAccountChips'

beforeEach(() => useLocaleStore.setState({ locale: 'en-US' }))

const state = (element: HTMLElement, attribute: string) => element.getAttribute(attribute)

describe('choices are radio groups whose state a screen reader hears', () => {
  function Faces() {
    const [value, setValue] = useState<number>()
    return <FaceValueGrid faceValues={[30, 50, 100]} discountPercent={98.5} value={value} onChange={setValue} />
  }

  it('face values: every radio says checked or not checked, and a tap moves the check', () => {
    render(<Faces />)
    const group = screen.getByRole('radiogroup', { name: 'Amount' })
    const radios = within(group).getAllByRole('radio')
    expect(radios.map((radio) => state(radio, 'aria-checked'))).toEqual(['false', 'false', 'false'])
    fireEvent.click(within(group).getByRole('radio', { name: /¥50/ }))
    expect(radios.map((radio) => state(radio, 'aria-checked'))).toEqual(['false', 'true', 'false'])
    expect(screen.getByRole('radio', { checked: true }).textContent).toContain('¥50')
  })

  it('chips: a named group, the disabled option announced as such', () => {
    function Chips() {
      const [value, setValue] = useState('mobile')
      const options = [
        { value: 'mobile', label: 'China Mobile' },
        { value: 'unicom', label: 'China Unicom' },
        { value: 'telecom', label: 'China Telecom', disabled: true },
      ]
      return <OptionChips options={options} value={value} onChange={setValue} label='Carrier' />
    }
    render(<Chips />)
    const group = screen.getByRole('radiogroup', { name: 'Carrier' })
    expect(state(within(group).getByRole('radio', { name: 'China Mobile' }), 'aria-checked')).toBe('true')
    fireEvent.click(within(group).getByRole('radio', { name: 'China Unicom' }))
    expect(state(within(group).getByRole('radio', { name: 'China Unicom' }), 'aria-checked')).toBe('true')
    expect(state(within(group).getByRole('radio', { name: 'China Mobile' }), 'aria-checked')).toBe('false')
    expect(state(within(group).getByRole('radio', { name: 'China Telecom' }), 'aria-disabled')).toBe('true')
  })
})

it('utility tabs are a tab list whose selected tab changes on tap', () => {
  function Tabs() {
    const [type, setType] = useState<LifePayOrderType | undefined>(undefined)
    const tabs = [
      { type: undefined, label: 'All' },
      { type: LifePayOrderType.Phone, label: 'Phone' },
      { type: LifePayOrderType.Electric, label: 'Electricity' },
    ]
    return <LifePayOrderTypeTabs tabs={tabs} value={type} onChange={setType} />
  }
  render(<Tabs />)
  const tabs = within(screen.getByRole('tablist')).getAllByRole('tab')
  expect(tabs.map((tab) => state(tab, 'aria-selected'))).toEqual(['true', 'false', 'false'])
  fireEvent.click(screen.getByRole('tab', { name: 'Electricity' }))
  expect(tabs.map((tab) => state(tab, 'aria-selected'))).toEqual(['false', 'false', 'true'])
})

it('saved numbers are a named group of toggle buttons, the one in the field pressed', () => {
  const chips: SavedAccountChip[] = [
    { key: 'own', title: 'My number', subtitle: '138****8000', selected: true, onPick: jest.fn() },
    { key: 'a1', title: 'Mum', subtitle: '139****0000', selected: false, onPick: jest.fn() },
  ]
  render(<SavedAccountChips chips={chips} />)
  const group = screen.getByRole('group', { name: 'Saved' })
  expect(within(group).getByRole('button', { name: /My number/, pressed: true })).toBeTruthy()
  fireEvent.click(within(group).getByRole('button', { name: /Mum/, pressed: false }))
  expect(chips[1].onPick).toHaveBeenCalled()
})

it('a text field is a textbox named by its label, on the native input a screen reader reaches', async () => {
  render(<TextField label='Phone number' value='' onChange={jest.fn()} keyboard='digits' />)
  // Taro draws the native <input> a tick after mounting.
  const input = await screen.findByRole('textbox', { name: 'Phone number' })
  expect(input.tagName).toBe('INPUT')
})

describe('images are decorative: hidden from screen readers, the text beside them says it all', () => {
  const images = () => [...document.querySelectorAll('taro-image-core')]

  it.each([
    ['home utility entries', () => <UtilityGrid rateOf={() => 98.5} loading={false} />],
    ['order type icon', () => <LifePayOrderTypeIcon type={LifePayOrderType.Gas} />],
    ['mine menu row', () => <MenuItem icon='orders.png' title='My orders' onClick={jest.fn()} />],
    [
      'mine header avatar',
      () => <MineHeader loggedIn phoneNumber='13812345678' userDetail={null} onLogin={jest.fn()} />,
    ],
    ['login logo', () => <LoginHeader />],
    ['empty state illustration', () => <PageState status='empty' />],
  ])('%s', async (_, ui) => {
    render(ui())
    await waitFor(() => expect(images().length).toBeGreaterThan(0))
    for (const image of images()) expect(image.closest('[aria-hidden="true"]')).not.toBeNull()
    expect(screen.queryAllByRole('img')).toEqual([])
  })

  it('the utility entries are still buttons named by the utility', () => {
    render(<UtilityGrid rateOf={() => 98.5} loading={false} />)
    expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Phone',
      'Electricity',
      'Gas',
    ])
  })
})

it('<html lang> follows the language the user picks (index.html starts in zh-CN)', () => {
  useLocaleStore.getState().setLocale('en-US')
  expect(document.documentElement.lang).toBe('en-US')
  useLocaleStore.getState().setLocale('zh-CN')
  expect(document.documentElement.lang).toBe('zh-CN')
})
