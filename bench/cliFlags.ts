/** One option of a bench's command line (`--name value`, `--name=value` or a bare `--name`). */
export interface CliFlag {
  name: string
  /** The argument as given, for "unknown option" messages. */
  arg: string
  value(): string
  /** A comma-separated value, blanks dropped. */
  list(): string[]
  positiveWholeNumber(): number
}

/** Walks a bench's arguments; every problem is an Error that ends with the bench's usage text. */
export function readFlags(argv: string[], usage: string, onFlag: (flag: CliFlag) => void): void {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const equals = arg.indexOf('=')
    const [name, inline] = equals >= 0 ? [arg.slice(0, equals), arg.slice(equals + 1)] : [arg, undefined]
    const value = () => {
      const next = inline ?? argv[++i]
      if (next === undefined || next.startsWith('--')) throw new Error(`${name} needs a value\n${usage}`)
      return next
    }
    const list = () =>
      value()
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    const positiveWholeNumber = () => {
      const number = Number(value())
      if (!Number.isInteger(number) || number < 1) throw new Error(`${name} must be a positive whole number\n${usage}`)
      return number
    }
    onFlag({ name, arg, value, list, positiveWholeNumber })
  }
}
