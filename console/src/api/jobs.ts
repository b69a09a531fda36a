import { queryOptions } from '@tanstack/react-query'
import type { FailedJob, JobQueueCounts } from '@contract/admin'
import { call } from './http'

export interface FailedJobs {
  counts: JobQueueCounts
  items: FailedJob[]
}

/** GET /api/admin/jobs/failed: jobs that used up their attempts, and the queue's counts. */
export function getFailedJobs(): Promise<FailedJobs> {
  return call<FailedJobs>('GET', '/api/admin/jobs/failed')
}

export const failedJobsQuery = queryOptions({ queryKey: ['jobs', 'failed'], queryFn: getFailedJobs })

/** POST /api/admin/jobs/:id/retry: the job back in the queue with fresh attempts. */
export function retryJob(id: number): Promise<FailedJob> {
  return call<FailedJob>('POST', `/api/admin/jobs/${id}/retry`)
}
