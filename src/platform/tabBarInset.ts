/** Mini-programs: the host's tab bar is outside the page, so a page's bottom is already above it. */
export function tabBarInset(): number {
  return 0
}
