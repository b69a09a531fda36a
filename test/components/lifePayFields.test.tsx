import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import type { ElectricSupportArea } from '../../types/api/lifePay'
import CarrierPicker from '../../src/components/lifePayFields/CarrierPicker'
import ElectricAccountTypePicker from '../../src/components/lifePayFields/ElectricAccountTypePicker'
import FaceValueGrid from '../../src/components/lifePayFields/FaceValueGrid'
import GasProviderPicker from '../../src/components/lifePayFields/GasProviderPicker'
import GridTypePicker from '../../src/components/lifePayFields/GridTypePicker'
import RegionPicker from '../../src/components/lifePayFields/RegionPicker'
import TextField from '../../src/components/lifePayFields/TextField'
import { faceValuePrice } from '../../src/components/lifePayFields/faceValuePrice'
import { digitsOnly, lettersAndDigitsOnly } from '../../src/components/lifePayFields/inputFilters'
import { CarrierCode } from '../../src/domain/carrier'
import { ElectricAccountType, ElectricType } from '../../src/domain/electric'
import { GasProvider } from '../../src/domain/gas'
import { useLocaleStore } from '../../src/i18n/i18n'

function typeInto(field: HTMLElement, value: string) {
  const input = field.closest('taro-input-core') ?? field
  act(() => {
    input.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))
  })
}

beforeEach(() => useLocaleStore.setState({ locale: 'en-US' }))

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
  it("shows 'Shop, not recommended' as such, subdued", () => {
    const onChange = jest.fn()
    render(<ElectricAccountTypePicker value={ElectricAccountType.House} onChange={onChange} />)
    const names = screen.getAllByRole('radio').map((chip) => chip.textContent)
    expect(names).toEqual(['House', 'Enterprise', 'Shop', 'Shop, not recommended'])
    const notRecommended = screen.getByRole('radio', { name: 'Shop, not recommended' })
    expect(notRecommended.className).toContain('lp-chip--muted')
    fireEvent.click(notRecommended)
    expect(onChange).toHaveBeenCalledWith(ElectricAccountType.Nanwashopng)
  })

  it('locks the grid to the one the region uses', () => {
    const onChange = jest.fn()
    render(<GridTypePicker value={ElectricType.Nanwang} lockedByRegion onChange={onChange} />)
    fireEvent.click(screen.getByRole('radio', { name: 'State Grid' }))
    expect(onChange).not.toHaveBeenCalled()
    expect(screen.getByText('Set by the region')).not.toBeNull()
  })

  it('picks a city from the sheet of supported areas, grouped by province', () => {
    const areas: ElectricSupportArea[] = [
      {
        provinceCode: '44',
        provinceName: '广东省',
        cityCode: '4403',
        cityName: '深圳市',
        electricType: ElectricType.Nanwang,
        needHolderName: true,
      },
      {
        provinceCode: '44',
        provinceName: '广东省',
        cityCode: '4401',
        cityName: '广州市',
        electricType: ElectricType.Nanwang,
        needHolderName: true,
      },
      {
        provinceCode: '11',
        provinceName: '北京市',
        cityCode: '1101',
        cityName: '北京市',
        electricType: ElectricType.Guowang,
        needHolderName: false,
      },
    ]
    const onChange = jest.fn()
    render(<RegionPicker areas={areas} onChange={onChange} />)
    expect(screen.queryByRole('dialog')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Region' }))
    const sheet = screen.getByRole('dialog', { name: 'Choose the region' })
    const guangdong = within(sheet).getByRole('radiogroup', { name: '广东省' })
    expect(
      within(guangdong)
        .getAllByRole('radio')
        .map((c) => c.textContent),
    ).toEqual(['深圳市', '广州市'])
    fireEvent.click(within(guangdong).getByRole('radio', { name: '广州市' }))
    expect(onChange).toHaveBeenCalledWith(areas[1])
    expect(screen.queryByRole('dialog')).toBeNull()
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
