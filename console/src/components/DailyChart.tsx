import { Flex } from 'antd'

/** One series of the chart: its name in the legend and tooltips, its colour, and its value per day. */
export interface ChartSeries {
  name: string
  color: string
  values: number[]
  /** How a value reads in tooltips and on the axis (counts as they are, amounts as ¥). */
  format?: (value: number) => string
}

interface DailyChartProps {
  /** The days along the x axis, oldest first (YYYY-MM-DD). */
  days: string[]
  /** Drawn as grouped bars against the left axis. */
  bars: ChartSeries[]
  /** Drawn as a line against the right axis (a different unit, e.g. money). */
  line?: ChartSeries
  /** What the chart shows, read by screen readers in place of the drawing. */
  summary: string
  leftAxisLabel: string
  rightAxisLabel?: string
}

const WIDTH = 1000
const HEIGHT = 280
const PAD = { top: 16, right: 72, bottom: 44, left: 56 }
const PLOT_W = WIDTH - PAD.left - PAD.right
const PLOT_H = HEIGHT - PAD.top - PAD.bottom

/** A top for the axis at or above `max` that divides into four readable steps. */
function niceMax(max: number): number {
  if (max <= 0) return 4
  const magnitude = 10 ** Math.floor(Math.log10(max / 4))
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s * 4 >= max) ?? magnitude * 10
  return step * 4
}

const plain = (value: number) => String(value)

/**
 * A small SVG chart of daily figures: grouped bars for counts and an optional line for an amount, each bar and point
 * with a <title> tooltip. Written here rather than taking a chart library: a few kilobytes instead of hundreds.
 */
export function DailyChart({ days, bars, line, summary, leftAxisLabel, rightAxisLabel }: DailyChartProps) {
  const leftMax = niceMax(Math.max(0, ...bars.flatMap((series) => series.values)))
  const rightMax = line ? niceMax(Math.max(0, ...line.values)) : 1
  const slot = PLOT_W / Math.max(1, days.length)
  const barWidth = (slot * 0.8) / Math.max(1, bars.length)
  const yLeft = (value: number) => PAD.top + PLOT_H - (value / leftMax) * PLOT_H
  const yRight = (value: number) => PAD.top + PLOT_H - (value / rightMax) * PLOT_H
  const xCenter = (index: number) => PAD.left + slot * index + slot / 2
  const ticks = [0, 1, 2, 3, 4]
  const lineFormat = line?.format ?? plain
  return (
    <figure className='lp-chart'>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role='img' aria-label={summary} className='lp-chart__svg'>
        {ticks.map((tick) => {
          const y = PAD.top + PLOT_H - (tick / 4) * PLOT_H
          return (
            <g key={tick} aria-hidden='true'>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} className='lp-chart__grid' />
              <text x={PAD.left - 8} y={y + 4} textAnchor='end' className='lp-chart__tick'>
                {(bars[0]?.format ?? plain)((leftMax * tick) / 4)}
              </text>
              {line && (
                <text x={WIDTH - PAD.right + 8} y={y + 4} className='lp-chart__tick'>
                  {lineFormat((rightMax * tick) / 4)}
                </text>
              )}
            </g>
          )
        })}
        <text
          transform={`translate(14 ${PAD.top + PLOT_H / 2}) rotate(-90)`}
          textAnchor='middle'
          className='lp-chart__axis-label'
        >
          {leftAxisLabel}
        </text>
        {line && rightAxisLabel && (
          <text
            transform={`translate(${WIDTH - 10} ${PAD.top + PLOT_H / 2}) rotate(90)`}
            textAnchor='middle'
            className='lp-chart__axis-label'
          >
            {rightAxisLabel}
          </text>
        )}
        {days.map((day, index) => (
          <g key={day}>
            {bars.map((series, s) => {
              const value = series.values[index] ?? 0
              const y = yLeft(value)
              return (
                <rect
                  key={series.name}
                  x={PAD.left + slot * index + slot * 0.1 + barWidth * s}
                  y={y}
                  width={Math.max(1, barWidth - 1)}
                  height={PAD.top + PLOT_H - y}
                  fill={series.color}
                >
                  <title>{`${day} ${series.name}: ${(series.format ?? plain)(value)}`}</title>
                </rect>
              )
            })}
            {/* Every fifth day labelled (and the last), so 30 dates never overlap. */}
            {(index % 5 === 0 || index === days.length - 1) && (
              <text x={xCenter(index)} y={HEIGHT - PAD.bottom + 18} textAnchor='middle' className='lp-chart__tick'>
                {day.slice(5)}
              </text>
            )}
          </g>
        ))}
        {line && (
          <g>
            <polyline
              fill='none'
              stroke={line.color}
              strokeWidth={2}
              points={line.values.map((value, index) => `${xCenter(index)},${yRight(value)}`).join(' ')}
            />
            {line.values.map((value, index) => (
              <circle key={days[index]} cx={xCenter(index)} cy={yRight(value)} r={3.5} fill={line.color}>
                <title>{`${days[index]} ${line.name}: ${lineFormat(value)}`}</title>
              </circle>
            ))}
          </g>
        )}
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + PLOT_H}
          y2={PAD.top + PLOT_H}
          className='lp-chart__axis'
        />
      </svg>
      <figcaption>
        <Flex gap={16} wrap className='lp-chart__legend' aria-hidden='true'>
          {[...bars, ...(line ? [line] : [])].map((series) => (
            <span key={series.name}>
              <span className='lp-chart__swatch' style={{ background: series.color }} />
              {series.name}
            </span>
          ))}
        </Flex>
      </figcaption>
    </figure>
  )
}
