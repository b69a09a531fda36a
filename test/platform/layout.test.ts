import { bottomTabHeight, layoutMetricsFrom, navigationBarHeightFor, DESIGN_WIDTH } from '../../src/stores/layout'

describe('layout maths (SPEC §2)', () => {
  it.each([
    ['android', 48],
    ['Android', 48],
    ['ios', 44],
    ['devtools', 44],
    ['windows', 44],
    [undefined, 44],
  ])('navigation bar on %s is %i high', (platform, height) => {
    expect(navigationBarHeightFor(platform)).toBe(height)
  })

  it.each([
    [750, 118],
    [375, 59],
    [414, 65.136],
    [390, 61.36],
  ])('bottom tab on a %i wide screen is %f high (118 × width / 750)', (width, height) => {
    expect(bottomTabHeight(width)).toBeCloseTo(height, 5)
  })

  it('derives safe-area top, bottom padding and the capsule from the system info', () => {
    const menuButton = { width: 87, height: 32, top: 48, right: 365, bottom: 80, left: 278 }
    const metrics = layoutMetricsFrom(
      { screenWidth: 375, screenHeight: 812, statusBarHeight: 44, platform: 'ios', safeArea: { bottom: 778 } },
      menuButton,
    )
    expect(metrics).toEqual({
      designWidth: DESIGN_WIDTH,
      screenWidth: 375,
      screenHeight: 812,
      safeAreaTop: 44,
      bottomPadding: 34,
      navigationBarHeight: 44,
      menuButton,
    })
  })

  it('has no bottom padding without a safe area or when it covers the whole screen', () => {
    const base = { screenWidth: 360, screenHeight: 780, statusBarHeight: 24, platform: 'android' }
    expect(layoutMetricsFrom(base, null).bottomPadding).toBe(0)
    expect(layoutMetricsFrom({ ...base, safeArea: { bottom: 780 } }, null).bottomPadding).toBe(0)
    expect(layoutMetricsFrom(base, null).navigationBarHeight).toBe(48)
  })
})
