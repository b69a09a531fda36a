import { render } from '@testing-library/react'
import DecorativeImage from '../../src/components/DecorativeImage'
import DecorativeImageH5 from '../../src/components/DecorativeImage.h5'

describe('DecorativeImage', () => {
  it('on H5 is a plain image screen readers skip, fitted as its mode says', () => {
    const { container } = render(
      <DecorativeImageH5 className='lp-utility-icon__glyph' src='/static/phone.png' mode='aspectFit' />,
    )
    const image = container.querySelector('img')
    expect(image).not.toBeNull()
    expect(image?.getAttribute('src')).toBe('/static/phone.png')
    expect(image?.getAttribute('alt')).toBe('')
    expect(image?.getAttribute('aria-hidden')).toBe('true')
    expect(image?.className).toBe('lp-utility-icon__glyph lp-decorative-image lp-decorative-image--aspectFit')
  })

  it('in mini-programs is Taro’s Image with the mode, hidden from screen readers', () => {
    const { container } = render(
      <DecorativeImage className='lp-mine-header__avatar' src='/avatar.png' mode='aspectFill' />,
    )
    const image = container.querySelector('.lp-mine-header__avatar')
    expect(image).not.toBeNull()
    expect(image?.getAttribute('mode')).toBe('aspectFill')
    expect(image?.getAttribute('aria-hidden')).toBe('true')
  })
})
