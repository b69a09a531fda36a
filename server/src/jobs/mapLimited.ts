// Work over many items against resources sized for a few at once (the database pool, a provider's connections):
// at most `limit` in flight, however many items a batch or a reconciliation run holds.

/** Runs `work` over `items` with at most `limit` at once, answers in the items' order. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index], index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}
