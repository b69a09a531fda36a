import assert from 'node:assert/strict'
import { test } from 'node:test'
import { describeNode, graphRows, type GraphNode } from './lanternGraph'

const NAVIGATION_US = 1_000_000

const documentNode = {
  id: '1',
  type: 'network' as const,
  startTime: NAVIGATION_US + 1_000,
  endTime: NAVIGATION_US + 14_000,
  isMainDocument: () => true,
  request: { url: 'http://127.0.0.1:3000/', resourceType: 'Document', priority: 'VeryHigh', transferSize: 8090 },
}
const chunk = {
  ...documentNode,
  id: '2',
  startTime: NAVIGATION_US + 70_000,
  endTime: NAVIGATION_US + 87_000,
  isMainDocument: () => false,
  request: {
    url: 'http://127.0.0.1:3000/js/4603.8a53f7eb.js',
    resourceType: 'Script',
    priority: 'High',
    transferSize: 26419,
  },
}
const paintTask = {
  id: '3',
  type: 'cpu' as const,
  startTime: NAVIGATION_US + 77_000,
  endTime: NAVIGATION_US + 113_000,
  isMainDocument: () => false,
  childEvents: [
    { name: 'ParseHTML' },
    { name: 'EvaluateScript', args: { data: { url: 'http://127.0.0.1:3000/' } } },
    { name: 'EvaluateScript', args: { data: { url: 'http://127.0.0.1:3000/' } } },
    { name: 'Layout' },
    { name: 'v8.compile' },
  ],
}

test('a node reads as its request (type, path, priority, size) or its task (main events, scripts run)', () => {
  assert.equal(describeNode(documentNode), 'document / (VeryHigh, 7.9 KiB)')
  assert.equal(describeNode(chunk), 'Script /js/4603.8a53f7eb.js (High, 25.8 KiB)')
  assert.equal(describeNode(paintTask), 'task ParseHTML×1 EvaluateScript×2 Layout×1 [/]')
})

test("the graph's nodes come with observed times after the navigation, the last to end in the simulation first", () => {
  const estimate = {
    timeInMs: 1233,
    nodeTimings: new Map<GraphNode, { startTime: number; endTime: number }>([
      [documentNode, { startTime: 0, endTime: 634 }],
      [chunk, { startTime: 826, endTime: 1161 }],
      [paintTask, { startTime: 827, endTime: 898 }],
    ]),
  }
  const rows = graphRows(estimate, NAVIGATION_US)
  assert.deepEqual(
    rows.map((row) => [row.what.split(' ')[0], row.observed, row.simulated]),
    [
      ['Script', [70, 87], [826, 1161]],
      ['task', [77, 113], [827, 898]],
      ['document', [1, 14], [0, 634]],
    ],
  )
})
