import { createInterface } from 'node:readline'
import { Writable } from 'node:stream'

// A password for `admin operators add`: never on the command line, where `ps` and the shell history would keep it.

/** Asks on the terminal without echoing what is typed. */
function prompt(question: string): Promise<string> {
  let muted = false
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stderr.write(chunk)
      done()
    },
  })
  const terminal = createInterface({ input: process.stdin, output, terminal: true })
  return new Promise((resolve) => {
    terminal.question(question, (answer) => {
      terminal.close()
      process.stderr.write('\n')
      resolve(answer)
    })
    muted = true
  })
}

/** The first line of standard input (`printf '%s\n' "$PASSWORD" | npm run admin -- operators add …`). */
async function firstLineOfStdin(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0]
}

/** Prompted twice on a terminal; otherwise read from standard input. */
export async function readPassword(loginName: string): Promise<string> {
  if (!process.stdin.isTTY) return firstLineOfStdin()
  const first = await prompt(`Password for ${loginName}: `)
  const again = await prompt('Again: ')
  if (first !== again) throw new Error('the two passwords differ')
  return first
}
