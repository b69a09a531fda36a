import { fireEvent, render, screen, within } from '@testing-library/react'
import type { ElectricSupportArea } from '../../types/api/lifePay'
import RegionPicker from '../../src/components/lifePayFields/RegionPicker'
import { ElectricType } from '../../src/domain/electric'
import { useLocaleStore } from '../../src/i18n/i18n'

// H5: the region sheet loads after the page's first render (regionSheetOnDemand.h5.tsx), here in place of the
// mini-programs' static import. The sheet's chunk is a factory that counts its loads and can fail like webpack's does;
// when it loads, it is the real sheet. One module registry for the file: the tests run in order, from an unloaded
// chunk to a loaded one.
let mockChunkFails = 0
let mockLoads = 0
jest.mock('../../src/components/lifePayFields/regionSheetOnDemand', () =>
  jest.requireActual('../../src/components/lifePayFields/regionSheetOnDemand.h5'),
)
jest.mock('../../src/components/lifePayFields/RegionSheet', () => {
  mockLoads += 1
  if (mockChunkFails > 0) {
    mockChunkFails -= 1
    throw Object.assign(new Error('Loading chunk 4410 failed.'), { name: 'ChunkLoadError' })
  }
  return jest.requireActual('../../src/components/lifePayFields/RegionSheet')
})

const area = (provinceName: string, cityName: string, cityCode: string): ElectricSupportArea => ({
  provinceCode: cityCode.slice(0, 2),
  provinceName,
  cityCode,
  cityName,
  electricType: ElectricType.Guowang,
  needHolderName: false,
})
const areas = [area('广东省', '深圳市', '4403'), area('广东省', '广州市', '4401')]

beforeEach(() => {
  useLocaleStore.setState({ locale: 'en-US' })
})

describe('region sheet (H5: loaded after the first render)', () => {
  // A rejection left unhandled fails the test it happens in (jest does), so a failed load here leaves none.
  it('says so with a retry when its code cannot be loaded, and shows the cities once a retry brings it', async () => {
    mockChunkFails = 1
    const onChange = jest.fn()
    render(<RegionPicker areas={areas} onChange={onChange} />)
    fireEvent.click(screen.getByRole('button', { name: 'Region' }))
    const sheet = screen.getByRole('dialog', { name: 'Choose the region' })
    expect(within(sheet).getByText('Loading the cities…')).toBeTruthy()
    expect((await within(sheet).findByRole('alert')).textContent).toContain("Couldn't load the cities")
    fireEvent.click(within(sheet).getByRole('button', { name: 'Retry' }))
    // The loaded sheet draws its own panel in place of the waiting one.
    fireEvent.click(await screen.findByRole('radio', { name: 'Guangzhou' }))
    expect(onChange).toHaveBeenCalledWith(areas[1])
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(mockLoads).toBe(2)
  })

  it('opens with the cities at once when the code is there, without loading it again', () => {
    render(<RegionPicker areas={areas} value='4403' onChange={jest.fn()} />)
    fireEvent.click(screen.getByRole('button', { name: 'Region' }))
    const sheet = screen.getByRole('dialog', { name: 'Choose the region' })
    expect(within(sheet).queryByText('Loading the cities…')).toBeNull()
    expect(within(sheet).getByRole('radio', { name: 'Shenzhen' }).getAttribute('aria-checked')).toBe('true')
    expect(mockLoads).toBe(2)
  })
})
