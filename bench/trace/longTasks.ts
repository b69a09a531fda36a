/** A Chrome trace event (the fields bench:trace reads). Times are in microseconds. */
export interface TraceEvent {
  name: string
  cat?: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: Record<string, unknown> }
}

interface CallFrame {
  functionName: string
  url: string
  lineNumber: number
  columnNumber: number
}

/** V8's sampling profile (CDP Profiler.stop), on the trace's clock. */
export interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[]
  startTime: number
  samples: number[]
  timeDeltas: number[]
}

export interface LongTask {
  /** Since the page's navigation started, as observed (not scaled). */
  startMs: number
  durationMs: number
  afterFcp: boolean
  /** Self time of the task's trace events by name (FunctionCall, Layout, UpdateLayoutTree…), longest first, in ms. */
  events: [string, number][]
  /** Sampled time by the source file whose code ran (native work goes to its nearest calling file), longest first. */
  files: [string, number][]
}

export interface LongTaskReport {
  fcpMs: number | null
  /** Total blocking time between FCP and the last long task: the sum of each task's time over 50 ms. */
  blockingMs: number
  /** The same from the navigation on: steadier to compare builds by (FCP moves with the network). */
  allBlockingMs: number
  /** Every main-thread task's time from the navigation on, long or not. */
  busyMs: number
  tasks: LongTask[]
}

const LONG_TASK_MS = 50

/** The renderer main thread that worked the most (the page's; other renderers, e.g. a previous page, work less). */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } | null {
  const renderers = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  )
  const busy = new Map<string, number>()
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`
    if (e.name === 'RunTask' && renderers.has(key)) busy.set(key, (busy.get(key) ?? 0) + (e.dur ?? 0))
  }
  const [best] = [...busy].sort((a, b) => b[1] - a[1])
  if (!best) return null
  const [pid, tid] = best[0].split(':').map(Number)
  return { pid, tid }
}

/** An event's name, with the script it ran for script events (EvaluateScript app.1f728033.js). */
function eventLabel(e: TraceEvent): string {
  const url = e.args?.data?.url
  if (typeof url !== 'string' || !url || !/^(EvaluateScript|FunctionCall|v8\.compile|TimerFire)$/.test(e.name))
    return e.name
  return `${e.name} ${url.split('/').pop() || url}`
}

/** Self time of the trace events inside a task (an event's length less its children's), summed by name. */
function selfTimes(task: TraceEvent, threadEvents: TraceEvent[], ms: (us: number) => number): [string, number][] {
  const end = task.ts + (task.dur ?? 0)
  const inside = threadEvents
    .filter((e) => e.ph === 'X' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const totals = new Map<string, number>()
  const open: { name: string; end: number }[] = []
  for (const e of inside) {
    while (open.length > 0 && open[open.length - 1].end <= e.ts) open.pop()
    const parent = open[open.length - 1]
    if (parent) totals.set(parent.name, (totals.get(parent.name) ?? 0) - (e.dur ?? 0))
    const name = eventLabel(e)
    totals.set(name, (totals.get(name) ?? 0) + (e.dur ?? 0))
    open.push({ name, end: e.ts + (e.dur ?? 0) })
  }
  return [...totals]
    .map(([name, us]): [string, number] => [name, ms(us)])
    .filter(([, t]) => t > 0)
    .sort((a, b) => b[1] - a[1])
}

/**
 * The long tasks of a page load from its trace and sampling profile, with what ran in each. `locate` names the
 * source file of a script position (through source maps).
 */
export function longTasks(
  events: TraceEvent[],
  profile: CpuProfile | null,
  locate: (url: string, line: number, column: number) => string,
  /** Lighthouse's simulation scales an unthrottled trace's CPU time by 4; a trace taken at 4× CPU needs 1. */
  scale = 1,
): LongTaskReport {
  const ms = (us: number) => Math.round((us * scale) / 1000)
  const thread = mainThread(events)
  if (!thread) return { fcpMs: null, blockingMs: 0, allBlockingMs: 0, busyMs: 0, tasks: [] }
  const threadEvents = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid)
  // The trace starts just before the page's navigation: its first navigationStart (later ones are same-document).
  const navigations = threadEvents.filter((e) => e.name === 'navigationStart').map((e) => e.ts)
  const origin = Math.min(...(navigations.length ? navigations : threadEvents.map((e) => e.ts)))
  const fcp =
    threadEvents.filter((e) => e.name === 'firstContentfulPaint' && e.ts >= origin).map((e) => e.ts)[0] ?? null

  // Each sample's self time, attributed to the nearest frame with a script URL.
  const byId = new Map((profile?.nodes ?? []).map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile?.nodes ?? []) for (const child of n.children ?? []) parent.set(child, n.id)
  const fileOf = new Map<number, string>()
  const nodeFile = (id: number): string => {
    const cached = fileOf.get(id)
    if (cached) return cached
    let at: number | undefined = id
    let file = byId.get(id)?.callFrame.functionName || '(native)'
    while (at !== undefined) {
      const frame = byId.get(at)?.callFrame
      if (frame?.url) {
        file = locate(frame.url, frame.lineNumber, frame.columnNumber)
        break
      }
      at = parent.get(at)
    }
    fileOf.set(id, file)
    return file
  }
  const samples: { ts: number; us: number; file: string }[] = []
  let ts = profile?.startTime ?? 0
  for (let i = 0; profile && i < profile.samples.length; i++) {
    ts += profile.timeDeltas[i]
    const us = profile.timeDeltas[i + 1] ?? 0
    samples.push({ ts, us, file: nodeFile(profile.samples[i]) })
  }

  const tasks = threadEvents
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && ms(e.dur ?? 0) >= LONG_TASK_MS && e.ts >= origin)
    .sort((a, b) => a.ts - b.ts)
    .map((task): LongTask => {
      const end = task.ts + (task.dur ?? 0)
      const files = new Map<string, number>()
      for (const s of samples)
        if (s.ts >= task.ts && s.ts < end && !/^\((idle|program)\)$/.test(s.file))
          files.set(s.file, (files.get(s.file) ?? 0) + s.us)
      return {
        startMs: Math.round((task.ts - origin) / 1000),
        durationMs: ms(task.dur ?? 0),
        afterFcp: fcp !== null && task.ts >= fcp,
        events: selfTimes(task, threadEvents, ms).slice(0, 6),
        files: [...files]
          .map(([file, us]): [string, number] => [file, ms(us)])
          .filter(([, t]) => t >= 2)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 12),
      }
    })
  const blocking = (list: LongTask[]) => list.reduce((sum, t) => sum + Math.max(0, t.durationMs - LONG_TASK_MS), 0)
  return {
    fcpMs: fcp === null ? null : Math.round((fcp - origin) / 1000),
    blockingMs: blocking(tasks.filter((t) => t.afterFcp)),
    allBlockingMs: blocking(tasks),
    busyMs: ms(
      threadEvents
        .filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.ts >= origin)
        .reduce((sum, e) => sum + (e.dur ?? 0), 0),
    ),
    tasks,
  }
}
