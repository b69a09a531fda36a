// Group commit (issue 21): callers that each need one row written, arriving while the previous write is on its way,
// go together in the next write — one statement (or transaction) for many callers under load, and no wait at all when
// idle (a lone call goes at once). The same rule as the job queue's batched settles (jobQueue.ts settleDone).

interface Waiting<In, Out> {
  input: In
  resolve(output: Out): void
  reject(error: unknown): void
}

export class GroupCommit<In, Out> {
  private waiting: Waiting<In, Out>[] = []
  private writing = false

  /**
   * `write` takes the inputs of one group and answers each caller, in their order; when it throws, every caller of
   * the group gets its error (nothing of the group was written, so each may take its own path).
   */
  constructor(
    private readonly write: (inputs: In[]) => Promise<Out[]>,
    private readonly maxGroup = 100,
  ) {}

  add(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject })
      this.flush()
    })
  }

  private flush(): void {
    if (this.writing || this.waiting.length === 0) return
    const group = this.waiting.splice(0, this.maxGroup)
    this.writing = true
    Promise.resolve()
      .then(() => this.write(group.map((item) => item.input)))
      .then(
        (outputs) => group.forEach((item, n) => item.resolve(outputs[n])),
        (error: unknown) => group.forEach((item) => item.reject(error)),
      )
      .finally(() => {
        this.writing = false
        this.flush()
      })
  }
}
