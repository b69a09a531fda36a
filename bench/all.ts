// npm run bench [-- size page mini api pipeline filter]: runs the benchmarks (all six by default), each in its own
// process as its npm script runs it, one after the other, and writes what they print to bench/report.md with the
// machine's facts.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { cpus, freemem, loadavg, release, totalmem } from 'node:os'
import { join } from 'node:path'

const BENCHES = [
  { name: 'size', script: 'bench:size', markdown: true },
  { name: 'page', script: 'bench:page', markdown: true },
  { name: 'mini', script: 'bench:mini', markdown: true },
  { name: 'api', script: 'bench:api', markdown: true },
  { name: 'pipeline', script: 'bench:pipeline', markdown: true },
  { name: 'filter', script: 'bench:filter', markdown: false, title: 'Sensitive-word filter' },
]
const REPORT = join(__dirname, 'report.md')

function run(script: string): Promise<{ output: string; code: number }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      cwd: join(__dirname, '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk)
      output += chunk.toString()
    })
    child.on('close', (code) => resolve({ output, code: code ?? 1 }))
  })
}

const quiet = (file: string, args: string[]) => {
  try {
    return execFileSync(file, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  } catch {
    return 'unknown'
  }
}

function postgresVersion(): string {
  const root = '/usr/lib/postgresql'
  const newest = existsSync(root)
    ? readdirSync(root)
        .sort((a, b) => Number(a) - Number(b))
        .pop()
    : undefined
  return newest ? quiet(join(root, newest, 'bin', 'postgres'), ['--version']) : 'not installed'
}

function machine(startedAt: Date, loadAtStart: number[]): string {
  const gib = (bytes: number) => (bytes / 1024 ** 3).toFixed(1)
  const load = (values: number[]) => values.map((v) => v.toFixed(2)).join(' / ')
  return [
    `- When: ${startedAt.toISOString()}; commit ${quiet('git', ['rev-parse', '--short', 'HEAD'])}${quiet('git', ['status', '--porcelain', '--untracked-files=no']) ? ' (with uncommitted changes)' : ''}`,
    `- CPU: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
    `- Memory: ${gib(totalmem())} GiB (${gib(freemem())} GiB free at the end)`,
    `- Node ${process.version}, ${process.platform} ${release()}; ${quiet('/usr/bin/chromium', ['--version'])}; ${postgresVersion()}`,
    `- Load average (1 / 5 / 15 min): ${load(loadAtStart)} at the start, ${load(loadavg())} at the end — other work on the machine moves the figures`,
  ].join('\n')
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2)
  const startedAt = new Date()
  const loadAtStart = loadavg()
  const sections: string[] = []
  let failures = 0
  for (const bench of BENCHES.filter((b) => wanted.length === 0 || wanted.includes(b.name))) {
    console.error(`\n=== npm run ${bench.script}`)
    const { output, code } = await run(bench.script)
    const body = bench.markdown ? output.trim() : `## ${bench.title}\n\n\`\`\`text\n${output.trim()}\n\`\`\``
    sections.push(
      code === 0
        ? body
        : `${body}\n\n**npm run ${bench.script} failed (exit ${code}); its errors are in the console.**`,
    )
    if (code !== 0) failures++
  }
  writeFileSync(REPORT, `# Life Pay benchmarks\n\n${machine(startedAt, loadAtStart)}\n\n${sections.join('\n\n')}\n`)
  console.error(`\nWrote ${REPORT}`)
  if (failures) process.exit(1)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
