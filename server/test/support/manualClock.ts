import type { Clock } from '../../src/clock'

/** A clock tests move by hand: time-based rules run without sleeping. */
export class ManualClock implements Clock {
  private current: number

  constructor(start: Date | number = Date.now()) {
    this.current = typeof start === 'number' ? start : start.getTime()
  }

  now(): Date {
    return new Date(this.current)
  }

  advance(ms: number): void {
    this.current += ms
  }
}
