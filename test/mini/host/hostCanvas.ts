import type { MiniHost } from './miniHost'
import { attribute, findChains, type DataNode } from './pageTree'

/**
 * The hosts' `<canvas type="2d">` node and what a page does with it, as WeChat (base library 2.9.0) and Alipay (2.7.0)
 * document it: found by `createSelectorQuery().select('#id').fields({ node: true, size: true })`, sized in device
 * pixels through `width` / `height`, drawn through `getContext("2d")`; exported by `wx.canvasToTempFilePath({ canvas
 * })` or, on Alipay, by the node's own `toTempFilePath` (2.7.15). Nothing is rasterised: every drawing call is
 * recorded, so a test can read what was drawn (the texts, at which size) and what was saved.
 */
export interface CanvasRecord {
  id: string
  /** The CSS size the page gave the element (its style), what `fields({ size: true })` answers. */
  cssWidth: number
  cssHeight: number
  /** The bitmap size the app set on the node (device pixels). */
  width: number
  height: number
  calls: { op: string; args: unknown[] }[]
  /** Every fillText's text, in order. */
  texts: string[]
}

/** A temporary file the host handed out for an exported canvas. */
export interface TempFile {
  path: string
  canvas: CanvasRecord
  width: number
  height: number
  fileType: string
}

const DRAWING_OPS = [
  'scale',
  'fillRect',
  'strokeRect',
  'clearRect',
  'beginPath',
  'closePath',
  'moveTo',
  'lineTo',
  'arc',
  'rect',
  'fill',
  'stroke',
  'save',
  'restore',
  'translate',
  'rotate',
  'setLineDash',
  'drawImage',
]

function styleSize(style: string | undefined, name: 'width' | 'height'): number | undefined {
  const match = new RegExp(`(?:^|;)\\s*${name}\\s*:\\s*([\\d.]+)px`).exec(style ?? '')
  return match ? Number(match[1]) : undefined
}

/** The page's `<canvas>` element with this id (Taro keeps a user id as `uid`), or undefined. */
function canvasElement(host: MiniHost, id: string): DataNode | undefined {
  if (!host.stack.length) return undefined
  const [chain] = findChains(
    host.currentPage.data,
    (node) => node.uid === id && host.nodeTemplate(node)?.tag === 'canvas',
  )
  return chain?.[chain.length - 1]
}

/** The live node object handed to the app: its drawing calls land in the record. */
function canvasNode(host: MiniHost, record: CanvasRecord): Record<string, unknown> {
  const state: Record<string, unknown> = {
    fillStyle: '#000000',
    strokeStyle: '#000000',
    lineWidth: 1,
    font: '10px sans-serif',
    textAlign: 'start',
    textBaseline: 'alphabetic',
  }
  const ctx: Record<string, unknown> = {}
  for (const key of Object.keys(state)) {
    Object.defineProperty(ctx, key, {
      get: () => state[key],
      set: (value: unknown) => {
        state[key] = value
      },
      enumerable: true,
    })
  }
  for (const op of DRAWING_OPS) ctx[op] = (...args: unknown[]) => void record.calls.push({ op, args })
  ctx.fillText = (text: unknown, x: unknown, y: unknown) => {
    record.calls.push({ op: 'fillText', args: [text, x, y, state.font, state.textAlign, state.fillStyle] })
    record.texts.push(String(text))
  }
  ctx.measureText = (text: string) => ({ width: String(text).length * (parseFloat(String(state.font)) || 10) * 0.6 })
  const node: Record<string, unknown> = {
    getContext: (type: string) => (type === '2d' ? ctx : null),
    createImage: () => ({ src: '', width: 0, height: 0, onload: null, onerror: null }),
  }
  Object.defineProperty(node, 'width', { get: () => record.width, set: (v: number) => (record.width = v) })
  Object.defineProperty(node, 'height', { get: () => record.height, set: (v: number) => (record.height = v) })
  if (host.platform === 'alipay') {
    node.toTempFilePath = (options: {
      fileType?: string
      success?: (r: unknown) => void
      complete?: (r: unknown) => void
    }) =>
      host.later(() => {
        const res = host.toContext({ tempFilePath: exportCanvas(host, record, options.fileType) })
        options.success?.(res)
        options.complete?.(res)
      })
  }
  host.canvasNodes.set(node, record)
  return node
}

/** `fields({ node, size })` of the element `#id`: null when no such canvas is on the page (as the hosts answer). */
export function canvasFields(host: MiniHost, selector: string, fields: { node?: boolean; size?: boolean }): unknown {
  if (!selector.startsWith('#')) return null
  const id = selector.slice(1)
  const element = canvasElement(host, id)
  if (!element || attribute(element, 'type', host.templates) !== '2d') return null
  const cssWidth = styleSize(element.st, 'width') ?? 300
  const cssHeight = styleSize(element.st, 'height') ?? 150
  const result = host.toContext<Record<string, unknown>>({
    ...(fields.size ? { width: cssWidth, height: cssHeight } : {}),
  })
  if (fields.node) {
    let record = host.canvases.find((canvas) => canvas.id === id)
    if (!record) {
      // A canvas's bitmap starts at 300 × 150, whatever its CSS size, until the app sets it.
      record = { id, cssWidth, cssHeight, width: 300, height: 150, calls: [], texts: [] }
      host.canvases.push(record)
    }
    result.node = canvasNode(host, record)
  }
  return result
}

/** Exports a canvas as the host does: a temporary file path for what was drawn at the node's bitmap size. */
export function exportCanvas(host: MiniHost, canvas: CanvasRecord, fileType = 'png'): string {
  const path =
    host.platform === 'weapp'
      ? `http://tmp/receipt_${host.tempFiles.size + 1}.${fileType}`
      : `https://resource/apml${host.tempFiles.size + 1}.${fileType}`
  host.tempFiles.set(path, { path, canvas, width: canvas.width, height: canvas.height, fileType })
  return path
}
