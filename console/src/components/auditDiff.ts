/** One field an audited action changed: its value before and after (undefined where the side did not have it). */
export interface FieldChange {
  key: string
  before: unknown
  after: unknown
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The fields that differ between an audit entry's `before` and `after` snapshots, in the order `after` lists them.
 * Values that are not objects (or an array) compare as one field, `''`.
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ key: '', before, after }]
  }
  const from = isRecord(before) ? before : {}
  const to = isRecord(after) ? after : {}
  const keys = [...new Set([...Object.keys(to), ...Object.keys(from)])]
  return keys
    .filter((key) => JSON.stringify(from[key]) !== JSON.stringify(to[key]))
    .map((key) => ({ key, before: from[key], after: to[key] }))
}
