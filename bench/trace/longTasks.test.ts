import assert from 'node:assert/strict'
import { test } from 'node:test'
import { longTasks, type CpuProfile, type TraceEvent } from './longTasks'

const PAGE = { pid: 2, tid: 7 }
const OTHER_RENDERER = { pid: 3, tid: 9 }
const ms = (value: number) => value * 1000

function task(at: number, length: number, thread = PAGE): TraceEvent {
  return { name: 'RunTask', ph: 'X', ts: ms(at), dur: ms(length), ...thread }
}

function event(name: string, at: number, length: number, url?: string): TraceEvent {
  return { name, ph: 'X', ts: ms(at), dur: ms(length), ...PAGE, ...(url ? { args: { data: { url } } } : {}) }
}

// A page load: navigation at 1000 ms, FCP at 1100 ms; tasks of 70 ms before FCP, 120 ms (a script) and 30 ms after.
const EVENTS: TraceEvent[] = [
  { name: 'thread_name', ph: 'M', ts: 0, ...PAGE, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', ts: 0, ...OTHER_RENDERER, args: { name: 'CrRendererMain' } },
  task(500, 60, OTHER_RENDERER),
  { name: 'navigationStart', ph: 'R', ts: ms(1000), ...PAGE },
  task(1010, 70),
  event('ParseHTML', 1010, 70),
  { name: 'firstContentfulPaint', ph: 'R', ts: ms(1100), ...PAGE },
  task(1200, 120),
  event('EvaluateScript', 1200, 100, 'http://127.0.0.1/js/app.123.js'),
  event('FunctionCall', 1210, 40, 'http://127.0.0.1/js/app.123.js'),
  event('Layout', 1300, 20),
  task(1400, 30),
  { name: 'navigationStart', ph: 'R', ts: ms(1500), ...PAGE },
]

// Samples every 10 ms during the script task: three in app code, two in the vendor bundle, one native under app code.
const PROFILE: CpuProfile = {
  nodes: [
    { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1, columnNumber: -1 }, children: [2, 3] },
    {
      id: 2,
      callFrame: { functionName: 'render', url: 'http://127.0.0.1/js/app.123.js', lineNumber: 0, columnNumber: 10 },
      children: [4],
    },
    { id: 3, callFrame: { functionName: 'h', url: 'http://127.0.0.1/js/vendors.js', lineNumber: 0, columnNumber: 5 } },
    { id: 4, callFrame: { functionName: 'appendChild', url: '', lineNumber: -1, columnNumber: -1 } },
  ],
  startTime: ms(1200),
  samples: [2, 2, 2, 3, 3, 4, 2],
  timeDeltas: [ms(5), ms(10), ms(10), ms(10), ms(10), ms(10), ms(10)],
}

const locate = (url: string, line: number, column: number) =>
  url.includes('app') ? `src/pages/home/index.tsx` : `${url.split('/').pop()}:${line}:${column}`

test('finds the page’s main thread, its FCP and every task of 50 ms or more from the navigation on', () => {
  const report = longTasks(EVENTS, PROFILE, locate)
  assert.equal(report.fcpMs, 100)
  assert.deepEqual(
    report.tasks.map((t) => [t.startMs, t.durationMs, t.afterFcp]),
    [
      [10, 70, false],
      [200, 120, true],
    ],
  )
  // Blocking time: the part of each long task over 50 ms, after FCP (70 ms) or from the navigation on (20 + 70 ms).
  assert.equal(report.blockingMs, 70)
  assert.equal(report.allBlockingMs, 90)
  assert.equal(report.busyMs, 70 + 120 + 30)
})

test('names what ran in a task: self time of its events, and sampled time by source file', () => {
  const script = longTasks(EVENTS, PROFILE, locate).tasks[1]
  assert.deepEqual(script.events, [
    ['EvaluateScript app.123.js', 60],
    ['FunctionCall app.123.js', 40],
    ['Layout', 20],
  ])
  // Native work (appendChild) counts for the file that called it.
  assert.deepEqual(script.files, [
    ['src/pages/home/index.tsx', 40],
    ['vendors.js:0:5', 20],
  ])
})

test('scales CPU time, not positions, for a trace Lighthouse took unthrottled', () => {
  const report = longTasks(EVENTS, null, locate, 4)
  assert.deepEqual(
    report.tasks.map((t) => [t.startMs, t.durationMs]),
    [
      [10, 280],
      [200, 480],
      [400, 120],
    ],
  )
  assert.equal(report.fcpMs, 100)
  assert.deepEqual(report.tasks[1].files, [])
})
