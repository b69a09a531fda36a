import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'

export const LOCK_FILE_NAME = 'server.lock'

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly ownerPid: number,
  ) {
    super(
      `The data folder is in use by another Life Pay server (pid ${ownerPid}, lock file ${lockFile}). ` +
        'PGlite allows one process per folder: stop that server, or start this one with another DATA_DIR ' +
        '(or DATABASE_URL for PostgreSQL).',
    )
    this.name = 'DataDirLockedError'
  }
}

export interface DataDirLock {
  readonly file: string
  release(): void
}

interface LockContent {
  pid: number
  host: string
}

function readOwner(file: string): LockContent | null {
  try {
    const content = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockContent>
    return typeof content.pid === 'number' ? { pid: content.pid, host: String(content.host ?? '') } : null
  } catch {
    return null
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

// Written aside then hard-linked into place: the lock never exists without its content.
function tryCreate(file: string): boolean {
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, JSON.stringify({ pid: process.pid, host: hostname() } satisfies LockContent))
  try {
    linkSync(temporary, file)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  } finally {
    unlinkSync(temporary)
  }
}

/**
 * Takes the folder's lock file or throws DataDirLockedError. A lock left by a dead process (same host) is taken
 * over; a live owner — this process included — keeps it.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true })
  const file = join(dataDir, LOCK_FILE_NAME)
  if (!tryCreate(file)) {
    const owner = readOwner(file)
    const stale = owner === null || (owner.host === hostname() && !isAlive(owner.pid))
    if (!stale) throw new DataDirLockedError(file, owner.pid)
    unlinkSync(file)
    // Another process taking over the same stale lock at this instant wins; we refuse.
    if (!tryCreate(file)) throw new DataDirLockedError(file, readOwner(file)?.pid ?? -1)
  }
  let released = false
  return {
    file,
    release() {
      if (released) return
      released = true
      if (readOwner(file)?.pid === process.pid) unlinkSync(file)
    },
  }
}
