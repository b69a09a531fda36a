/** Settings the server cannot start with, each problem naming its setting; main.ts prints the message, no stack. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      problems.length === 1
        ? problems[0]
        : `The configuration has ${problems.length} problems:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    )
    this.name = 'ConfigError'
  }
}
