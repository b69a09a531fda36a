/**
 * How the WeChat and Alipay hosts apply `setData({ 'root.cn.[0].v': … })`: each key is a path of property names and
 * `[n]` indexes (Taro writes `cn.[0]`, the hosts accept both that and `cn[0]`); missing steps are created (an object
 * for a name, an array for an index); the value is stored as the host's JSON copy of it.
 */
export type PathStep = string | number

export function parseDataPath(path: string): PathStep[] {
  const steps: PathStep[] = []
  const pattern = /\[(\d+)\]|([^.[\]]+)/g
  let match: RegExpExecArray | null
  while ((match = pattern.exec(path))) steps.push(match[1] !== undefined ? Number(match[1]) : match[2])
  if (!steps.length) throw new Error(`setData: empty data path "${path}"`)
  return steps
}

type Container = Record<string | number, unknown>

/** Applies one setData payload to `data` in place; returns the payload's size as the host serialises it (bytes). */
export function applySetData(data: Record<string, unknown>, patch: Record<string, unknown>): number {
  // The hosts send setData as JSON to the render thread: what cannot be serialised is not there, and cost is its size.
  const text = JSON.stringify(patch) ?? '{}'
  const copy = JSON.parse(text) as Record<string, unknown>
  for (const path of Object.keys(copy)) {
    const steps = parseDataPath(path)
    let node = data as Container
    steps.slice(0, -1).forEach((step, i) => {
      const next = node[step]
      if (next === null || typeof next !== 'object') node[step] = typeof steps[i + 1] === 'number' ? [] : {}
      node = node[step] as Container
    })
    node[steps[steps.length - 1]] = copy[path]
  }
  return Buffer.byteLength(text)
}
