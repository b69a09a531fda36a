/** Runs a platform UI call whose failure never matters (e.g. hiding a loading that is not shown). */
export function quietly(call: () => unknown): void {
  try {
    void Promise.resolve(call()).catch(() => undefined)
  } catch {
    // Nothing to show or hide.
  }
}
