/**
 * H5: Taro's tab bar is an element over the bottom of the viewport, where fixed elements are placed from; its height
 * in CSS pixels on a tab page, 0 where Taro hides it (other pages).
 */
export function tabBarInset(): number {
  const tabBar = document.querySelector('.taro-tabbar__tabbar')
  if (!tabBar || tabBar.classList.contains('taro-tabbar__tabbar-hide')) return 0
  return tabBar.getBoundingClientRect().height
}
