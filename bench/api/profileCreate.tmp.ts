import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { loginByPhoneCode } from '../seedOrders'
import { LIFE_PAY_USER_HEADER } from '../apiCall'
import { loadTest } from './loadTest'
async function main() {
  const port = 39000 + Math.floor(Math.random() * 1000)
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF_DIR}`, '--import', 'tsx', 'server/src/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: mkdtempSync('/tmp/perfapi/data-'), LOG_LEVEL: 'warn', DUPLICATE_GUARD: 'on' },
    stdio: 'inherit' })
  for (;;) { try { if ((await fetch(`${url}/readyz`)).ok) break } catch {} ; await new Promise((r) => setTimeout(r, 200)) }
  const smsCode = async (phone: string) => ((await (await fetch(`${url}/api/dev/sms-outbox?phoneNumber=${phone}`)).json()) as any).data[0].code
  const buyerId = await loginByPhoneCode(url, smsCode, '13800006666')
  let key = 0
  const req = { url: `${url}/api/LifePay/CreateLifePayPhoneOrder`, method: 'POST' as const, headers: { [LIFE_PAY_USER_HEADER]: buyerId },
    nextBody: () => JSON.stringify({ phone: `139${String(key).padStart(8, '0')}`, ispCode: 'yidong', parValue: 50, idempotencyKey: `prof-key-${key++}` }) }
  console.log(await (await fetch(req.url, { method: "POST", headers: { ...req.headers, "content-type": "application/json" }, body: req.nextBody() })).text())
  const which = process.env.PROFILE_WHAT ?? 'create'
  await loadTest(which === 'create' ? { ...req, durationS: 2 } : { url: `${url}/healthz`, durationS: 2 })
  const r = which === 'create' ? await loadTest({ ...req, durationS: 8 }) : await loadTest({ url: `${url}/healthz`, durationS: 8 })
  console.log(JSON.stringify(r))
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await exited
}
main()
