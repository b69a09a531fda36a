import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import type { ElectricSupportArea } from '@contract/lifePay'
import CarrierPicker from '../../src/components/lifePayFields/CarrierPicker'
import ElectricAccountTypePicker from '../../src/components/lifePayFields/ElectricAccountTypePicker'
import FaceValueGrid from '../../src/components/lifePayFields/FaceValueGrid'
import GasProviderPicker from '../../src/components/lifePayFields/GasProviderPicker'
import GridTypePicker from '../../src/components/lifePayFields/GridTypePicker'
import RegionPicker from '../../src/components/lifePayFields/RegionPicker'
import TextField from '../../src/components/lifePayFields/TextField'
import { faceValuePrice } from '../../src/components/lifePayFields/faceValuePrice'
import { digitsOnly, lettersAndDigitsOnly } from '../../src/components/lifePayFields/inputFilters'
import { CarrierCode } from '@domain/carrier'
import { ElectricAccountType, ElectricType } from '@domain/electric'
import { GasProvider } from '@domain/gas'
import { useLocaleStore } from '../../src/i18n/i18n'
import { useLocationCityStore } from '../../src/stores/locationCity'

function typeInto(field: HTMLElement, value: string) {
  const input = field.closest('taro-input-core') ?? field
  act(() => {
    input.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))
  })
}

beforeEach(() => {
  useLocaleStore.setState({ locale: 'en-US' })
  useLocationCityStore.setState({ city: '' })
})

const regionArea = (provinceName: string, cityName: string, cityCode: string): ElectricSupportArea => ({
  provinceCode: cityCode.slice(0, 2),
  provinceName,
  cityCode,
  cityName,
  electricType: ElectricType.Guowang,
  needHolderName: false,
})
const shenzhen = regionArea('广东省', '深圳市', '4403')
const guangzhou = regionArea('广东省', '广州市', '4401')
const beijing = regionArea('北京市', '北京市', '1101')
const shanghai = regionArea('上海市', '上海市', '3101')
const regionAreas = [shenzhen, guangzhou, beijing, shanghai]

/** The city names a radio group shows, in order. */
function cityNames(group: HTMLElement): (string | null)[] {
  return within(group)
    .getAllByRole('radio')
    .map((radio) => radio.textContent)
}

describe('face value grid', () => {
  it('shows each face value with the price paid and the saving, from the discount', () => {
    const onChange = jest.fn()
    render(<FaceValueGrid faceValues={[30, 50, 100]} discountPercent={98.5} value={50} onChange={onChange} />)
    const cells = screen.getAllByRole('radio')
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '¥30Price ¥29.55Save ¥0.45',
      '¥50Price ¥49.25Save ¥0.75',
      '¥100Price ¥98.50Save ¥1.50',
    ])
    expect(cells[1].getAttribute('aria-checked')).toBe('true')
    fireEvent.click(cells[2])
    expect(onChange).toHaveBeenCalledWith(100)
  })

  it('rounds the price half-up to the fen and shows no saving without a discount', () => {
    expect(faceValuePrice(8.45, 50)).toEqual({ priceFen: 423, savingFen: 422 })
    render(<FaceValueGrid faceValues={[10]} discountPercent={100} onChange={jest.fn()} />)
    expect(screen.getByRole('radio').textContent).toBe('¥10Price ¥10.00')
  })

  it('hides prices while the rate is unknown, and says so when nothing can be offered', () => {
    const { rerender } = render(<FaceValueGrid faceValues={[20]} onChange={jest.fn()} />)
    expect(screen.getByRole('radio').textContent).toBe('¥20')
    rerender(<FaceValueGrid faceValues={[]} onChange={jest.fn()} />)
    expect(screen.getByText('No amounts available')).not.toBeNull()
  })

  it('reads in Chinese by default', () => {
    useLocaleStore.setState({ locale: 'zh-CN' })
    render(<FaceValueGrid faceValues={[100]} discountPercent={95} onChange={jest.fn()} />)
    expect(screen.getByRole('radio').textContent).toBe('100元售价 ¥95.00省¥5.00')
  })
})

describe('carrier picker', () => {
  function Harness({ detected, phoneComplete = true }: { detected?: CarrierCode; phoneComplete?: boolean }) {
    const [choice, setChoice] = useState<CarrierCode | undefined>()
    return (
      <CarrierPicker
        value={choice ?? detected}
        detected={detected}
        phoneComplete={phoneComplete}
        onChange={setChoice}
      />
    )
  }

  it('preselects and marks the detected carrier, and lets the user override it with a note', () => {
    render(<Harness detected={CarrierCode.Yidong} />)
    const mobile = screen.getByRole('radio', { name: /China Mobile/ })
    expect(mobile.getAttribute('aria-checked')).toBe('true')
    expect(mobile.textContent).toContain('Detected')
    expect(screen.queryByText(/ported number/)).toBeNull()

    fireEvent.click(screen.getByRole('radio', { name: /China Unicom/ }))
    expect(screen.getByRole('radio', { name: /China Unicom/ }).getAttribute('aria-checked')).toBe('true')
    expect(mobile.getAttribute('aria-checked')).toBe('false')
    expect(screen.getByText(/ported number/)).not.toBeNull()
  })

  it('asks the user to pick when a complete number has no known carrier (e.g. 192)', () => {
    render(<Harness detected={undefined} />)
    expect(screen.getByText("We can't tell this number's carrier, please pick one")).not.toBeNull()
    expect(screen.getAllByRole('radio').every((chip) => chip.getAttribute('aria-checked') === 'false')).toBe(true)
    fireEvent.click(screen.getByRole('radio', { name: /China Telecom/ }))
    expect(screen.queryByText(/please pick one/)).toBeNull()
  })

  it('says nothing about the carrier while the number is incomplete', () => {
    render(<Harness detected={undefined} phoneComplete={false} />)
    expect(screen.queryByText(/please pick one/)).toBeNull()
  })
})

describe('electricity pickers', () => {
  it('offers residential, enterprise and shop, one shop only (issue 37, item 13)', () => {
    const onChange = jest.fn()
    render(<ElectricAccountTypePicker value={ElectricAccountType.House} onChange={onChange} />)
    const names = screen.getAllByRole('radio').map((chip) => chip.textContent)
    expect(names).toEqual(['Residential', 'Enterprise', 'Shop'])
    fireEvent.click(screen.getByRole('radio', { name: 'Shop' }))
    expect(onChange).toHaveBeenCalledWith(ElectricAccountType.Shop)
  })

  it("shows an account saved as 'Shop, not recommended' as such, subdued", () => {
    render(<ElectricAccountTypePicker value={ElectricAccountType.Nanwashopng} onChange={jest.fn()} />)
    const notRecommended = screen.getByRole('radio', { name: 'Shop, not recommended' })
    expect(notRecommended.getAttribute('aria-checked')).toBe('true')
    expect(notRecommended.className).toContain('lp-chip--muted')
  })

  it('locks the grid to the one the region uses', () => {
    const onChange = jest.fn()
    render(<GridTypePicker value={ElectricType.Nanwang} lockedByRegion onChange={onChange} />)
    fireEvent.click(screen.getByRole('radio', { name: 'State Grid' }))
    expect(onChange).not.toHaveBeenCalled()
    expect(screen.getByText('Set by the region')).not.toBeNull()
  })

  it('picks a city from the sheet of supported areas, listed A to Z by the first letter of its pinyin', () => {
    const onChange = jest.fn()
    render(<RegionPicker areas={regionAreas} onChange={onChange} />)
    expect(screen.queryByRole('dialog')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Region' }))
    const sheet = screen.getByRole('dialog', { name: 'Choose the region' })
    expect(
      within(sheet)
        .getAllByRole('radiogroup')
        .map((group) => group.getAttribute('aria-label')),
    ).toEqual(['B', 'G', 'S'])
    expect(cityNames(within(sheet).getByRole('radiogroup', { name: 'G' }))).toEqual(['Guangzhou'])
    expect(cityNames(within(sheet).getByRole('radiogroup', { name: 'S' }))).toEqual(['Shanghai', 'Shenzhen'])
    fireEvent.click(within(sheet).getByRole('radio', { name: 'Guangzhou' }))
    expect(onChange).toHaveBeenCalledWith(guangzhou)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('names the region in the user language, a municipality once', () => {
    const { rerender } = render(<RegionPicker areas={regionAreas} value={shenzhen.cityCode} onChange={jest.fn()} />)
    const field = () => screen.getByRole('button', { name: 'Region' })
    expect(field().textContent).toBe('Shenzhen, Guangdong')
    rerender(<RegionPicker areas={regionAreas} value={beijing.cityCode} onChange={jest.fn()} />)
    expect(field().textContent).toBe('Beijing')
    act(() => useLocaleStore.setState({ locale: 'zh-CN' }))
    expect(screen.getByRole('button', { name: '缴费地区' }).textContent).toBe('北京市')
    rerender(<RegionPicker areas={regionAreas} value={shenzhen.cityCode} onChange={jest.fn()} />)
    expect(screen.getByRole('button', { name: '缴费地区' }).textContent).toBe('广东省 深圳市')
    fireEvent.click(screen.getByRole('button', { name: '缴费地区' }))
    const sheet = screen.getByRole('dialog', { name: '选择缴费地区' })
    expect(cityNames(within(sheet).getByRole('radiogroup', { name: 'B' }))).toEqual(['北京市'])
    expect(within(sheet).getByRole('radio', { name: '深圳市' }).getAttribute('aria-checked')).toBe('true')
  })

  it('finds a city by its Chinese name, its pinyin or its initials', () => {
    const onChange = jest.fn()
    render(<RegionPicker areas={regionAreas} onChange={onChange} />)
    fireEvent.click(screen.getByRole('button', { name: 'Region' }))
    const sheet = screen.getByRole('dialog')
    // H5 names the native input inside the component, which jsdom does not draw: the sheet's only field.
    const search = () => sheet.querySelector('taro-input-core') as HTMLElement
    expect(search().getAttribute('placeholder')).toBe('City name or pinyin, e.g. sz')
    for (const query of ['sz', 'shenzhen', '深圳']) {
      typeInto(search(), query)
      expect(cityNames(within(sheet).getByRole('radiogroup', { name: 'Search results' }))).toEqual(['Shenzhen'])
      // The index is for the whole list, not for a search.
      expect(within(sheet).queryByRole('radiogroup', { name: 'S' })).toBeNull()
      expect(within(sheet).queryByRole('button', { name: 'S' })).toBeNull()
    }
    typeInto(search(), 'guangdong')
    expect(cityNames(within(sheet).getByRole('radiogroup', { name: 'Search results' }))).toEqual([
      'Guangzhou',
      'Shenzhen',
    ])
    typeInto(search(), 'zz')
    expect(within(sheet).queryAllByRole('radio')).toHaveLength(0)
    expect(within(sheet).getByText('No city matches "zz". Try another name or its pinyin')).not.toBeNull()
    typeInto(search(), 'sz')
    fireEvent.click(within(sheet).getByRole('radio', { name: 'Shenzhen' }))
    expect(onChange).toHaveBeenCalledWith(shenzhen)
    // The next opening starts from the whole list again.
    fireEvent.click(screen.getByRole('button', { name: 'Region' }))
    expect(within(screen.getByRole('dialog')).getAllByRole('radiogroup')).toHaveLength(3)
  })

  it('offers the location city first when electricity can be paid there', () => {
    useLocationCityStore.setState({ city: '深圳市' })
    const onChange = jest.fn()
    const { unmount } = render(<RegionPicker areas={regionAreas} onChange={onChange} />)
    fireEvent.click(screen.getByRole('button', { name: 'Region' }))
    const sheet = screen.getByRole('dialog')
    const located = within(sheet).getByRole('button', { name: 'Your city Shenzhen' })
    // Above the A–Z list.
    expect(located.compareDocumentPosition(within(sheet).getByRole('radiogroup', { name: 'B' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    )
    expect(within(sheet).getByText('Your city')).not.toBeNull()
    fireEvent.click(located)
    expect(onChange).toHaveBeenCalledWith(shenzhen)
    unmount()

    // A city without electricity top-up is not offered.
    useLocationCityStore.setState({ city: '拉萨市' })
    render(<RegionPicker areas={regionAreas} onChange={jest.fn()} />)
    fireEvent.click(screen.getByRole('button', { name: 'Region' }))
    expect(within(screen.getByRole('dialog')).queryByText('Your city')).toBeNull()
  })

  it("scrolls the list to a letter's cities when the letter is tapped", async () => {
    const scrolled: { heading: string | null; block?: ScrollLogicalPosition }[] = []
    const original = Element.prototype.scrollIntoView
    Element.prototype.scrollIntoView = function (this: Element, options?: boolean | ScrollIntoViewOptions) {
      scrolled.push({ heading: this.textContent, block: typeof options === 'object' ? options.block : undefined })
    }
    try {
      render(<RegionPicker areas={regionAreas} onChange={jest.fn()} />)
      fireEvent.click(screen.getByRole('button', { name: 'Region' }))
      const sheet = screen.getByRole('dialog')
      // The list's web component follows its scroll target once the browser has registered it (a microtask later);
      // a user's tap always comes after that.
      await act(() => Promise.resolve())
      expect(
        within(sheet)
          .getAllByRole('button')
          .map((b) => b.textContent)
          .filter((text) => /^[A-Z#]$/.test(text ?? '')),
      ).toEqual(['B', 'G', 'S'])
      fireEvent.click(within(sheet).getByRole('button', { name: 'S' }))
      // The heading of S goes to the top of the list, not its middle.
      await waitFor(() => expect(scrolled).toEqual([{ heading: 'S', block: 'start' }]))
      // Once the list has moved, the same letter scrolls back to its cities.
      fireEvent.scroll(sheet.querySelector('taro-scroll-view-core') as HTMLElement)
      fireEvent.click(within(sheet).getByRole('button', { name: 'S' }))
      fireEvent.click(within(sheet).getByRole('button', { name: 'B' }))
      await waitFor(() => expect(scrolled.map((s) => s.heading)).toEqual(['S', 'S', 'B']))
    } finally {
      Element.prototype.scrollIntoView = original
    }
  })
})

describe('gas provider picker', () => {
  it('names the six providers and disables those without face values', () => {
    const onChange = jest.fn()
    render(<GasProviderPicker available={[GasProvider.XinAo]} onChange={onChange} />)
    expect(screen.getAllByRole('radio')).toHaveLength(6)
    fireEvent.click(screen.getByRole('radio', { name: 'China Gas' }))
    expect(onChange).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('radio', { name: 'ENN Natural Gas' }))
    expect(onChange).toHaveBeenCalledWith(GasProvider.XinAo)
  })
})

describe('text field', () => {
  it('keeps only what its filter allows, and clears', () => {
    function Harness() {
      const [value, setValue] = useState('')
      return (
        <>
          <TextField
            label='Phone'
            value={value}
            onChange={setValue}
            filter={(t) => digitsOnly(t, 11)}
            keyboard='digits'
          />
          <output>{value}</output>
        </>
      )
    }
    const { container } = render(<Harness />)
    typeInto(container.querySelector('taro-input-core') as HTMLElement, '138 1234-5678 99')
    expect(container.querySelector('output')?.textContent).toBe('13812345678')
    fireEvent.click(screen.getByRole('button', { name: 'Clear Phone' }))
    expect(container.querySelector('output')?.textContent).toBe('')
  })

  it('filters digits and letters', () => {
    expect(digitsOnly('a1b2 3', 2)).toBe('12')
    expect(lettersAndDigitsOnly('GZ-2024 001')).toBe('GZ2024001')
  })
})
