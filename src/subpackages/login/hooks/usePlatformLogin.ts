import { useCallback, useEffect, useRef, useState } from 'react'
import { platformLogin, type PlatformIdentity } from '../hostLogin'

export type PlatformLoginStatus = 'preparing' | 'ready' | 'failed'

/**
 * Runs the host login when the page opens (it asks the user nothing) and again on demand, e.g. after a stale session
 * key.
 */
export function usePlatformLogin(uId: string) {
  const [status, setStatus] = useState<PlatformLoginStatus>('preparing')
  const [identity, setIdentity] = useState<PlatformIdentity | null>(null)
  const run = useRef(0)

  const prepare = useCallback(async () => {
    const attempt = ++run.current
    setStatus('preparing')
    try {
      const result = await platformLogin(uId)
      if (attempt !== run.current) return
      setIdentity(result)
      setStatus('ready')
    } catch {
      if (attempt !== run.current) return
      setIdentity(null)
      setStatus('failed')
    }
  }, [uId])

  useEffect(() => {
    void prepare()
  }, [prepare])

  return { status, identity, prepare }
}
