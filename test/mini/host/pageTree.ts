import type { NodeTemplate } from './templates'

/** A node of Taro's page data: `nn` names its template, `cn` its children, `v` a text node's text. */
export interface DataNode {
  nn?: string
  sid?: string
  uid?: string
  cl?: string
  st?: string
  v?: string
  cn?: DataNode[]
  [prop: string]: unknown
}

/** The nodes from the page's root down to (and with) each node. */
export type NodeChain = DataNode[]

export function rootNodes(data: Record<string, unknown>): DataNode[] {
  return ((data.root as DataNode | undefined)?.cn ?? []) as DataNode[]
}

function* walk(nodes: DataNode[], above: NodeChain = []): Generator<NodeChain> {
  for (const node of nodes) {
    const chain = [...above, node]
    yield chain
    if (node.cn) yield* walk(node.cn, chain)
  }
}

/** The page's visible text, in document order, one entry per text node (blank ones left out). */
export function pageTexts(data: Record<string, unknown>): string[] {
  const texts: string[] = []
  for (const chain of walk(rootNodes(data))) {
    const node = chain[chain.length - 1]
    if (typeof node.v === 'string' && node.v.trim()) texts.push(node.v.trim())
  }
  return texts
}

export function nodeText(node: DataNode): string {
  if (typeof node.v === 'string') return node.v
  return (node.cn ?? []).map(nodeText).join('')
}

export function classes(node: DataNode): string[] {
  return typeof node.cl === 'string' ? node.cl.split(/\s+/).filter(Boolean) : []
}

/** Every chain whose last node matches. */
export function findChains(data: Record<string, unknown>, match: (node: DataNode) => boolean): NodeChain[] {
  return [...walk(rootNodes(data))].filter((chain) => match(chain[chain.length - 1]))
}

/** The text nodes whose text contains `text` (exact when a RegExp anchors it). */
export function chainsWithText(data: Record<string, unknown>, text: string | RegExp): NodeChain[] {
  return findChains(
    data,
    (node) => typeof node.v === 'string' && (typeof text === 'string' ? node.v.includes(text) : text.test(node.v)),
  )
}

/** A node's attribute as the template binds it (`value` of an input is stored under a short key such as `p25`). */
export function attribute(node: DataNode, name: string, templates: Map<string, NodeTemplate>): unknown {
  const key = node.nn ? templates.get(node.nn)?.props.get(name) : undefined
  return key ? node[key] : undefined
}
