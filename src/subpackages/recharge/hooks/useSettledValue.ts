import { useEffect, useState } from 'react'

/**
 * The value once it has stopped changing for `delayMs`: a lookup asks about the account the user finished typing, not
 * each digit on the way (every lookup counts against the user's hourly limit).
 */
export function useSettledValue<T>(value: T, delayMs = 600): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return settled
}
