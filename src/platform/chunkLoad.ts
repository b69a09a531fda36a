/**
 * A code chunk loaded on use (`import()`) that never arrived: webpack's ChunkLoadError (H5, offline or a failed
 * fetch). The request layer says nothing about it, as no request was made: the caller shows it. Mini-programs load
 * every chunk with their package, so there it never happens.
 */
export function isChunkLoadFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ChunkLoadError'
}
