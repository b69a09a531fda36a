/**
 * A module loaded on its first use (H5: its own chunk, through the `import()` the caller passes, so webpack still
 * sees each import and its magic comments): one request however many callers ask while it loads; a load that fails
 * (offline) is forgotten, so the next call asks for the chunk again instead of failing for the rest of the session.
 */
export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    })
    return loading
  }
}
