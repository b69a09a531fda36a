/**
 * Mini-programs: the host draws the tab bar from app.json, and useTabPage relabels it in the user's language as the
 * tab page mounts (the host's setTabBarItem answers at once). H5 builds resolve tabBarLabels.h5.ts instead.
 */
export function labelTabBarBeforeItLoads(): void {}
