/** Mini-programs have no keyboard; H5 builds resolve keyboard.h5.ts instead (Taro's platform-specific files). */
export function installKeyboardAccess(): () => void {
  return () => {}
}
