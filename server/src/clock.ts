/** The server's only source of "now": injected, so tests move time instead of sleeping. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }
