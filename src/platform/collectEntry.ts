/**
 * Mini-programs: nothing to do before Taro starts. A `collect` launch relaunches to home from the app's onLaunch
 * (relaunchOnCollect in launch.ts), where the vendor's reLaunch closes every page; H5 builds resolve
 * collectEntry.h5.ts instead.
 */
export function collectEntryToHome(): boolean {
  return false
}
