import { createContext, useContext, useEffect } from 'react'

/**
 * A page's bar at the bottom of the screen (the amount and the one action of a form, the add button of a list), by
 * its height in design units without the safe area. Toasts keep clear of it: a toast over 实付 ¥19.70 and 立即充值
 * hid what the user was about to tap. Per page (PageFrame provides it), as H5 keeps earlier pages mounted behind.
 */
export type RegisterBottomBar = (designHeight: number) => () => void

export const BottomBarContext = createContext<RegisterBottomBar>(() => () => {})

/** Declares the calling component a bar at its page's bottom for as long as it is mounted. */
export function useBottomBar(designHeight: number): void {
  const register = useContext(BottomBarContext)
  useEffect(() => register(designHeight), [register, designHeight])
}
