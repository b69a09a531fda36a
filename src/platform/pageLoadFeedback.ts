export interface PageLoadUi {
  showLoading: () => void
  hideLoading: () => void
  showToast: (text: string) => void
}

/**
 * Mini-programs: the host loads a page's subpackage and says itself when it cannot; H5 builds resolve
 * pageLoadFeedback.h5.ts instead.
 */
export function installPageLoadFeedback(_ui: PageLoadUi): () => void {
  return () => {}
}
