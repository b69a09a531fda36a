import Taro from '@tarojs/taro'
import { create } from 'zustand'

/** SPEC §2: design width 750 for our styles. */
export const DESIGN_WIDTH = 750
const TAB_BAR_DESIGN_HEIGHT = 118

export interface MenuButtonRect {
  width: number
  height: number
  top: number
  right: number
  bottom: number
  left: number
}

export interface LayoutMetrics {
  designWidth: number
  screenWidth: number
  screenHeight: number
  /** Height of the status bar / notch area above the navigation bar. */
  safeAreaTop: number
  /** Home-indicator area below the content (iPhone X and later). */
  bottomPadding: number
  navigationBarHeight: number
  menuButton: MenuButtonRect | null
}

/** 48 on Android, 44 everywhere else (SPEC §2). */
export function navigationBarHeightFor(platform: string | undefined): number {
  return platform?.toLowerCase() === 'android' ? 48 : 44
}

/** Bottom tab height: 118 design units scaled by screen width / 750. */
export function bottomTabHeight(screenWidth: number): number {
  return (TAB_BAR_DESIGN_HEIGHT * screenWidth) / DESIGN_WIDTH
}

type SystemInfo = Pick<
  Taro.getSystemInfoSync.Result,
  'screenWidth' | 'screenHeight' | 'statusBarHeight' | 'platform'
> & { safeArea?: { bottom: number } }

export function layoutMetricsFrom(info: SystemInfo, menuButton: MenuButtonRect | null): LayoutMetrics {
  const bottom = info.safeArea?.bottom
  return {
    designWidth: DESIGN_WIDTH,
    screenWidth: info.screenWidth,
    screenHeight: info.screenHeight,
    safeAreaTop: info.statusBarHeight ?? 0,
    bottomPadding: bottom && bottom > 0 && bottom < info.screenHeight ? info.screenHeight - bottom : 0,
    navigationBarHeight: navigationBarHeightFor(info.platform),
    menuButton,
  }
}

function readMenuButton(): MenuButtonRect | null {
  // Only mini-program hosts have a capsule menu button; H5 has none.
  if (process.env.TARO_ENV === 'h5' || typeof Taro.getMenuButtonBoundingClientRect !== 'function') return null
  try {
    return Taro.getMenuButtonBoundingClientRect()
  } catch {
    return null
  }
}

function readMetrics(): LayoutMetrics {
  try {
    return layoutMetricsFrom(Taro.getSystemInfoSync(), readMenuButton())
  } catch {
    return layoutMetricsFrom({ screenWidth: 375, screenHeight: 812, statusBarHeight: 0, platform: 'ios' }, null)
  }
}

interface LayoutState extends LayoutMetrics {
  activeTabIndex: number
  /** True until the user leaves the first screen they opened. */
  firstEnter: boolean
  setActiveTabIndex: (index: number) => void
  setFirstEnter: (firstEnter: boolean) => void
  refreshMetrics: () => void
}

export const useLayoutStore = create<LayoutState>((set) => ({
  ...readMetrics(),
  activeTabIndex: 0,
  firstEnter: true,
  setActiveTabIndex: (activeTabIndex) => set({ activeTabIndex }),
  setFirstEnter: (firstEnter) => set({ firstEnter }),
  refreshMetrics: () => set(readMetrics()),
}))
